// A page's video block and the providers' oEmbed through the built server (a server of the test's
// own, outside production, with OEMBED_URL pointing at a local stand-in for YouTube's and Vimeo's):
// a Vimeo Basic account's video is refused with SPEC 5's text, verbatim, keeping what was typed, and
// the page shows no such block; a Pro account's video is saved with the title its oEmbed gives.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { OwnStore } from './support/own-store.js';
import { adminVisitor } from './support/owner.js';
import { scaled } from '../support/time-scale.js';

const VIMEO_BASIC = 'Vimeo Basic accounts are unsupported. Please share a video from a different account.';
const slug = 'video-notes';
const asked: string[] = [];
let standIn: http.Server;
let store: OwnStore;
let admin: Visitor;
let pageId = '';

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '');
const blocksUrl = () => `/config/pages/${encodeURIComponent(pageId)}/blocks`;
const shopperPage = async () => text(await new Visitor(() => store.url()).get(`/${slug}`));

beforeAll(async () => {
  // Vimeo's oEmbed as the stand-in answers it: video 111 is a Basic account's, 222 a Pro one's.
  standIn = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    asked.push(`${url.pathname} ${url.searchParams.get('url')}`);
    const id = /vimeo\.com\/(\d+)/.exec(url.searchParams.get('url') ?? '')?.[1];
    const account = url.pathname === '/vimeo' ? { '111': 'basic', '222': 'pro' }[id ?? ''] : undefined;
    if (!account) return void res.writeHead(404).end();
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ title: account === 'pro' ? 'Glazing day' : 'A basic one', provider_name: 'Vimeo', account_type: account }));
  });
  await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', () => r()));
  // Outside production: only there may the providers' oEmbed be pointed elsewhere.
  store = new OwnStore({
    NODE_ENV: 'development',
    OEMBED_URL: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`,
    TRUST_PROXY: '1',
  });
  await store.start();
  admin = await adminVisitor(() => store.url());
  const res = await admin.postForm('/config/pages/new', {
    intent: 'save',
    title: 'Video notes',
    urlId: slug,
    description: '',
    body: '<p>From the studio.</p>',
    seoTitle: '',
    seoDescription: '',
    status: 'published',
    publishAt: '',
  });
  pageId = decodeURIComponent(/^\/config\/pages\/([^?]+)\?/.exec(res.headers.get('location') ?? '')![1]);
}, scaled(240_000));
afterAll(async () => {
  await store?.dispose();
  await new Promise((r) => standIn?.close(r));
});

describe('a video block of a Vimeo address', () => {
  it("refuses a Basic account's video with SPEC 5's text, keeping the address, and the page shows no video", async () => {
    const res = await admin.postForm(`${blocksUrl()}/new?type=video`, { fileId: '', url: 'https://vimeo.com/111', title: '', caption: '' });
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain(VIMEO_BASIC);
    expect(html).toContain('value="https://vimeo.com/111"');
    expect(asked).toContain(`/vimeo ${'https://vimeo.com/111'}`);
    const page = await shopperPage();
    expect(page).toContain('From the studio.');
    expect(page).not.toContain('page-block-video');
  });

  it("saves a Pro account's video with its oEmbed title, and refuses changing it to a Basic one's", async () => {
    const res = await admin.postForm(`${blocksUrl()}/new?type=video`, { fileId: '', url: 'https://vimeo.com/222', title: '', caption: '' });
    expect(res.status).toBe(303);
    const id = /\/blocks\/([a-f0-9]{24})\?saved=created/.exec(res.headers.get('location') ?? '')![1];
    const page = await shopperPage();
    expect(page).toContain(
      'data-video-embed="https://player.vimeo.com/video/222?autoplay=1&amp;dnt=1" data-video-title="Glazing day (Vimeo)"',
    );
    expect(page).not.toContain(VIMEO_BASIC);

    const changed = await admin.postForm(`${blocksUrl()}/${id}`, { fileId: '', url: 'https://vimeo.com/111', title: '', caption: '' });
    expect(changed.status).toBe(400);
    expect(await text(changed)).toContain(VIMEO_BASIC);
    expect(await shopperPage()).toContain('data-video-embed="https://player.vimeo.com/video/222?');
  });
});
