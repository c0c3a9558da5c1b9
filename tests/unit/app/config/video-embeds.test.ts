// Video blocks' addresses and metadata: YouTube and Vimeo recognised by URL pattern (any other
// address is none), the players' addresses the island accepts, and oEmbed from a local stand-in
// (the real providers are out of reach here): its title and provider name, a Vimeo Basic account
// refused with SPEC 5's text, and a provider that does not answer costing a short wait once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlayerSrc, MEDIA_TEXT, videoEmbed } from '../../../../app/config/blocks/media.js';
import { oembedRefusal, videoOembed } from '../../../../app/config/blocks/oembed.server.js';

describe('videoEmbed', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['http://youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('%s is YouTube video %s', (url, id) => {
    const e = videoEmbed(url)!;
    expect(e.provider).toBe('youtube');
    expect(e.src).toBe(`https://www.youtube-nocookie.com/embed/${id}?autoplay=1`);
    expect(e.pageUrl).toBe(`https://www.youtube.com/watch?v=${id}`);
    expect(isPlayerSrc(e.src)).toBe(true);
  });

  it('reads Vimeo addresses, an unlisted one with its hash', () => {
    expect(videoEmbed('https://vimeo.com/76979871')).toMatchObject({
      provider: 'vimeo',
      src: 'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1',
      pageUrl: 'https://vimeo.com/76979871',
    });
    const unlisted = videoEmbed('https://player.vimeo.com/video/123456?h=abc123def0')!;
    expect(unlisted.src).toBe('https://player.vimeo.com/video/123456?autoplay=1&dnt=1&h=abc123def0');
    expect(isPlayerSrc(unlisted.src)).toBe(true);
  });

  it.each([
    'https://films.example/kiln',
    'https://youtube.com/watch?v=short',
    'https://www.youtube.com/@channel',
    'https://vimeo.com/channels/staffpicks',
    'javascript:alert(1)',
    'not a url',
  ])('%s is no embeddable video', (url) => {
    expect(videoEmbed(url)).toBeNull();
  });

  it('frames no other address', () => {
    expect(isPlayerSrc('https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1')).toBe(false);
    expect(isPlayerSrc('https://player.vimeo.com.evil.example/video/1?autoplay=1&dnt=1')).toBe(false);
    expect(isPlayerSrc('javascript:alert(1)')).toBe(false);
  });
});

describe('videoOembed through a local stand-in', () => {
  let server: http.Server;
  let base = '';
  const asked: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url?.startsWith('/silent')) return; // never answers
      res.setHeader('Content-Type', 'application/json');
      if (req.url?.startsWith('/vimeo-basic'))
        res.end(JSON.stringify({ title: 'A basic one', provider_name: 'Vimeo', account_type: 'basic' }));
      else if (req.url?.startsWith('/vimeo-pro'))
        res.end(JSON.stringify({ title: 'A pro one', provider_name: 'Vimeo', account_type: 'pro' }));
      else res.end(JSON.stringify({ title: 'Throwing a bowl', provider_name: 'YouTube' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.FETCH_TEST_ORIGINS = base;
  });
  afterAll(() => {
    delete process.env.FETCH_TEST_ORIGINS;
    server.closeAllConnections();
    server.close();
  });
  const at = (youtube: string, vimeo: string) => ({ youtube: `${base}/${youtube}?url=`, vimeo: `${base}/${vimeo}?url=` });

  it('takes the title and provider name, once (remembered)', async () => {
    const e = videoEmbed('https://youtu.be/dQw4w9WgXcQ')!;
    const o = await videoOembed(e, at('yt', 'vimeo-pro'));
    expect(o).toEqual({ title: 'Throwing a bowl', providerName: 'YouTube', accountType: '' });
    expect(oembedRefusal(e, o)).toBeNull();
    const n = asked.length;
    expect(await videoOembed(e, at('yt', 'vimeo-pro'))).toEqual(o);
    expect(asked.length).toBe(n);
    expect(asked.at(-1)).toBe(`/yt?url=${encodeURIComponent('https://www.youtube.com/watch?v=dQw4w9WgXcQ')}`);
  });

  it("refuses a Vimeo Basic account's video with SPEC 5's text, not a Pro one's", async () => {
    const e = videoEmbed('https://vimeo.com/111')!;
    expect(oembedRefusal(e, await videoOembed(e, at('yt', 'vimeo-basic')))).toBe(
      'Vimeo Basic accounts are unsupported. Please share a video from a different account.',
    );
    expect(MEDIA_TEXT.vimeoBasic).toBe('Vimeo Basic accounts are unsupported. Please share a video from a different account.');
    const pro = videoEmbed('https://vimeo.com/222')!;
    expect(oembedRefusal(pro, await videoOembed(pro, at('yt', 'vimeo-pro')))).toBeNull();
  });

  it('goes on without metadata when the provider does not answer in time', async () => {
    const e = videoEmbed('https://vimeo.com/333')!;
    const started = Date.now();
    expect(await videoOembed(e, at('yt', 'silent'))).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(oembedRefusal(e, null)).toBeNull();
  });
});
