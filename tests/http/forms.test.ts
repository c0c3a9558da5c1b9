// Form blocks through the built server: the Contact page's form (no JavaScript: the page's own
// action re-renders with messages and what was typed, or 303s to the success text), SPEC 7's three
// form calls with SPEC 8's statuses and texts, the CAPTCHA challenge, and the newsletter's
// unsubscribe page (confirm button, one-click POST).
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, inject, it } from 'vitest';
import { outboxMailSoon, outboxMailTo } from '../support/eml.js';
import { Visitor } from './support/client.js';
import { adminVisitor } from './support/owner.js';

const T = {
  required: 'Required',
  email: 'Email is not valid. Email addresses should follow the format name@example.com.',
  tooLong: 'You have exceeded the character limit.',
  invalid: 'One or more fields is invalid, please check your entries.',
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  unparsable: 'Could not parse the form fields, please check your entries.',
  above: 'Your form has encountered a problem. Please scroll down to review.',
  below: 'Your form has encountered a problem. Please scroll up to review.',
  thanks: 'Thank you! We answer within two working days.',
};

const SEEDED_POST_SUBMIT = '<p>While you wait, <a href="/shop">have a look at the shop</a>.</p>';

const outboxDir = () => path.join(inject('dataDir'), 'outbox');
const mailTo = (address: string) => outboxMailTo(outboxDir(), address);
const mailSoon = (address: string) => outboxMailSoon(outboxDir(), address);

const contactPost = (o: { first?: string; last?: string; email?: string; message?: string; join?: boolean; honeypot?: string }) => {
  const f: [string, string][] = [
    ['_formBlock', 'blk-contact-form'],
    ['contact_fax', o.honeypot ?? ''],
    ['name.first', o.first ?? 'Ada'],
    ['name.last', o.last ?? 'Lovelace'],
    ['email', o.email ?? 'ada@example.com'],
    ['message', o.message ?? 'Do you make bowls to order?'],
  ];
  if (o.join) f.push(['newsletter', 'Join our newsletter']);
  return f;
};

describe('the Contact page form without JavaScript', () => {
  it('renders the form after the body: labels, error slots above titles, the disclaimer, a post to the page', async () => {
    const html = await (await new Visitor().get('/contact')).text();
    expect(html).toContain('data-form-id="form-contact"');
    expect(html).toMatch(/<form method="post" action="\/contact#form-blk-contact-form" novalidate/);
    expect(html).toMatch(
      /<p class="field-error" id="form-blk-contact-form-email-error" data-field-error hidden><\/p><label class="field-title" for="form-blk-contact-form-email">Email/,
    );
    expect(html).toContain('We use your details only to answer you.');
    expect(html).toContain('name="contact_fax"');
  });

  it('re-renders an invalid post with each message and everything typed kept', async () => {
    const v = new Visitor();
    const res = await v.postForm(
      '/contact',
      contactPost({ first: '', last: '', email: 'ada-at-example', message: `Tall <b>order</b> ${'x'.repeat(2000)}` }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const html = await res.text();
    expect(html).toContain(T.above);
    expect(html).toContain(T.below);
    expect(html).toMatch(/id="form-blk-contact-form-name-error" data-field-error>Required</);
    expect(html).toContain(`>${T.email}</p>`);
    expect(html).toContain(`>${T.tooLong}</p>`);
    expect(html).toContain('value="ada-at-example"');
    expect(html).toContain('Tall &lt;b&gt;order&lt;/b&gt; xxx');
    expect(html).toMatch(
      /id="form-blk-contact-form-email"[^>]*aria-invalid="true"[^>]*aria-describedby="form-blk-contact-form-email-error"/,
    );
  });

  it('on a page in another language posts to that page and comes back to it, refused or sent', async () => {
    const v = new Visitor();
    const html = await (await v.get('/fr/contact')).text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toMatch(/<form method="post" action="\/fr\/contact#form-blk-contact-form" novalidate/);
    const bad = await v.postForm('/fr/contact', contactPost({ email: 'ada-at-example' }));
    expect(bad.status).toBe(400);
    const again = await bad.text();
    expect(again).toContain('<html lang="fr"');
    expect(again).toMatch(/<form method="post" action="\/fr\/contact#form-blk-contact-form" novalidate/);
    const ok = await v.postForm('/fr/contact', contactPost({ email: `fr-${Date.now()}@example.com` }));
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/fr/contact?formSent=blk-contact-form#form-blk-contact-form');
  });

  it('stores a valid post and 303s back to the page, which shows the submission text', async () => {
    const v = new Visitor();
    const email = `page-${Date.now()}@example.com`;
    const res = await v.postForm('/contact', contactPost({ email, join: true }));
    expect(res.status).toBe(303);
    const to = res.headers.get('location')!;
    expect(to).toBe('/contact?formSent=blk-contact-form#form-blk-contact-form');
    const html = await (await v.get(to)).text();
    expect(html).toMatch(new RegExp(`data-form-success tabindex="-1" role="status">${T.thanks}`));
    expect(html).toMatch(/<form method="post"[^>]* hidden>/);
    // The owner's notification names the sender; the newsletter confirmation went to them.
    expect(await mailSoon(email)).toContain('/newsletter/unsubscribe?token=');
  });

  it("shows the owner's post-submit HTML, sanitised, under the submission text once sent, and waits inert before", async () => {
    const admin = await adminVisitor();
    const advanced = (postSubmitHtml: string) =>
      admin.postForm('/config/forms/form-contact', { intent: 'save-advanced', redirectUrl: '', submissionText: T.thanks, postSubmitHtml });
    expect(
      (
        await advanced(
          '<p>Meanwhile, <a href="/shop">browse the shop</a>.</p><script>window.ran = 1</script><img src=x onerror="window.ran = 2">',
        )
      ).status,
    ).toBe(303);
    try {
      const clean = '<p>Meanwhile, <a href="/shop">browse the shop</a>.</p>';
      const v = new Visitor();
      const before = await (await v.get('/contact')).text();
      // Inert until a submission: a <template> (its images do not load, nothing of it is read out).
      expect(before).toContain(`<template data-form-post-submit>${clean}</template>`);
      const res = await v.postForm('/contact', contactPost({ email: `after-${Date.now()}@example.com` }));
      expect(res.status).toBe(303);
      const sent = await v.get(res.headers.get('location')!);
      const html = await sent.text();
      expect(html).toMatch(new RegExp(`role="status">${T.thanks}</div><div class="form-post-submit" data-form-post-submit>${clean}</div>`));
      expect(html).not.toContain('window.ran');
      expect(html).not.toContain('onerror');
      // The owner's scripts could not run anyway: the page's CSP takes scripts from us and its nonce only.
      const scriptSrc = /script-src ([^;]*)/.exec(sent.headers.get('content-security-policy')!)![1];
      expect(scriptSrc.trim()).toMatch(/^'self' 'nonce-[^']+'$/);
    } finally {
      // Back to the demo's own (db/seed/forms.ts).
      expect((await advanced(SEEDED_POST_SUBMIT)).status).toBe(303);
    }
    expect(await (await new Visitor().get('/contact')).text()).toContain(
      `<template data-form-post-submit>${SEEDED_POST_SUBMIT}</template>`,
    );
  });

  it('accepts a filled honeypot with the same 303 and sends nothing', async () => {
    const email = `bot-${Date.now()}@example.com`;
    const res = await new Visitor().postForm('/contact', contactPost({ email, join: true, honeypot: 'buy now' }));
    expect(res.status).toBe(303);
    expect(mailTo(email)).toBeUndefined();
  });

  it('answers a visitor over the limit with 429 and the spec text, form kept', async () => {
    const v = new Visitor();
    let res: Response | undefined;
    for (let i = 0; i < 9; i++) res = await v.postForm('/contact', contactPost({ email: 'nope' }));
    expect(res!.status).toBe(429);
    expect(res!.headers.get('retry-after')).toMatch(/^\d+$/);
    const html = await res!.text();
    expect(html).toContain(T.rateLimited);
    expect(html).toContain('value="nope"');
  });
});

describe('form calls (SPEC 7, 8)', () => {
  async function key(v: Visitor): Promise<string> {
    const res = await v.fetch('/api/form/FormSubmissionKey', { method: 'POST', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.key).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
    return body.data.key;
  }

  it('POST /api/form/FormSubmissionKey answers {data: {key}}; GET is 405', async () => {
    const v = new Visitor();
    await key(v);
    expect((await v.get('/api/form/FormSubmissionKey')).status).toBe(405);
  });

  it('POST /api/rest/forms/validate/{formId}: 400 with field messages, 200 when valid, 404 for no form', async () => {
    const v = new Visitor();
    const bad = await v.json('/api/rest/forms/validate/form-contact', { name: ['', ''], email: 'x', message: 'hi' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: T.invalid, errors: { name: T.required, email: T.email } });
    const good = await v.json('/api/rest/forms/validate/form-contact', { name: ['Ada', ''], email: 'ada@example.com', message: 'hi' });
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ errors: {} });
    const none = await v.json('/api/rest/forms/validate/no-such-form', {});
    expect(none.status).toBe(404);
    expect((await none.json()).error).toBe(T.notConfigured);
  });

  it('POST /api/form/SaveFormSubmission: 401, 404, 400 (fields, unparsable), 200, 429', async () => {
    const v = new Visitor();
    const form = (values: unknown) => JSON.stringify(values);
    const valid = { name: ['Ada', 'L'], email: `api-${Date.now()}@example.com`, message: 'From the API' };

    const noKey = await v.json('/api/form/SaveFormSubmission', { formId: 'form-contact', form: form(valid) });
    expect(noKey.status).toBe(401);
    expect((await noKey.json()).error).toBe(T.unauthorized);
    const forged = await v.json('/api/form/SaveFormSubmission', {
      key: '9999999999.AAAAAAAAAAAAAAAA.' + 'A'.repeat(43),
      formId: 'form-contact',
      form: form(valid),
    });
    expect(forged.status).toBe(401);

    const k = await key(v);
    const none = await v.json('/api/form/SaveFormSubmission', { key: k, formId: 'no-such-form', form: form(valid) });
    expect(none.status).toBe(404);
    expect((await none.json()).error).toBe(T.notConfigured);

    const invalid = await v.json('/api/form/SaveFormSubmission', { key: k, formId: 'form-contact', form: form({ ...valid, email: 'no' }) });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: T.invalid, data: { errors: { email: T.email } } });

    const garbled = await v.json('/api/form/SaveFormSubmission', { key: k, formId: 'form-contact', form: '{oops' });
    expect(garbled.status).toBe(400);
    expect((await garbled.json()).error).toBe(T.unparsable);

    const ok = await v.json('/api/form/SaveFormSubmission', { key: k, formId: 'form-contact', form: form(valid), pagePath: '/contact' });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data.submissionText).toBe(T.thanks);
    expect(await mailSoon('hello@saltgrass.example')).toBeDefined();

    let last: Response | undefined;
    for (let i = 0; i < 8; i++) last = await v.json('/api/form/SaveFormSubmission', { key: k, formId: 'form-contact', form: form(valid) });
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await last!.json()).error).toBe(T.rateLimited);
  });

  it('a form with the CAPTCHA: refused without a solution, taken with one, the same solution refused again', async () => {
    const admin = await adminVisitor();
    const made = await admin.postForm('/config/forms?index', {});
    const formId = /\/config\/forms\/(form-[a-f0-9]+)\?/.exec(made.headers.get('location') ?? '')![1];
    expect((await admin.postForm(`/config/forms/${formId}`, { intent: 'save-captcha', captcha: 'on' })).status).toBe(303);
    const v = new Visitor();
    const save = async (captcha?: string) =>
      v.json('/api/form/SaveFormSubmission', { key: await key(v), formId, form: '{}', ...(captcha ? { captcha } : {}) });
    const none = await save();
    expect(none.status).toBe(400);
    expect((await none.json()).error).toBe('Complete CAPTCHA before submitting.');
    // What the widget does in the browser: fetch a challenge, do the work, send the solution.
    const challenge = await (await v.get('/api/form/captcha')).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    expect((await save(payload)).status).toBe(200);
    const again = await save(payload);
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe('Complete CAPTCHA before submitting.');
  });

  it('GET /api/form/captcha hands out a signed challenge, never cached', async () => {
    const res = await new Visitor().get('/api/form/captcha');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const body = await res.json();
    expect(JSON.stringify(body)).toMatch(/signature/);
  });
});

describe('the newsletter unsubscribe page', () => {
  it('asks first (GET), unsubscribes on the button (POST), takes a one-click POST, refuses a bad token', async () => {
    const v = new Visitor();
    const email = `leave-${Date.now()}@example.com`;
    expect((await v.postForm('/contact', contactPost({ email, join: true }))).status).toBe(303);
    const link = /(\/newsletter\/unsubscribe\?token=[\w-]+)/.exec((await mailSoon(email)) ?? '')?.[1];
    expect(link).toBeDefined();
    const page = await v.get(link!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Unsubscribe from this mailing list?');
    expect(html).toMatch(/<form method="post"[^>]*>[\s\S]*<button type="submit">Unsubscribe<\/button>/);
    const done = await v.postForm(link!, { token: new URL(link!, 'http://x').searchParams.get('token')! });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed from Newsletter.');
    // RFC 8058: the mail client's one-click POST, with no Origin (it is not a browser page).
    const oneClick = await v.fetch(link!, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: '' },
    });
    expect(oneClick.status).toBe(200);
    const bad = await v.postForm('/newsletter/unsubscribe?token=not-a-real-token-at-all-000', {});
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('This unsubscribe link is not valid.');
  });
});

describe('the Contact page in /config', () => {
  it("lists the seeded form block without breaking the page's screen", async () => {
    const admin = await adminVisitor();
    const res = await admin.get('/config/pages/col-contact');
    expect(res.status).toBe(200);
  });
});
