// The owner's forms (/config/forms) through the built server, on a store of the test's own (its
// database gets submissions written while the server is stopped): the list and "New form", each
// builder tab saving, errors with the typed values kept, the form block, the submissions list with
// paging and search, and the CSV export with its escaping.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Visitor } from './support/client.js';
import { OwnStore } from './support/own-store.js';
import { adminVisitor } from './support/owner.js';
import { scaled } from '../support/time-scale.js';

const store = new OwnStore({ TRUST_PROXY: '1' });
let admin: Visitor;
let formId = '';
const builder = (q = '') => `/config/forms/${formId}${q}`;

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
// The page as shown: the loader data Remix repeats in its scripts is left out.
const html = async (res: Response) => decode((await res.text()).replace(/<script[\s\S]*?<\/script>/g, ''));
const saved = (res: Response, tab: string) => {
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toContain(`/config/forms/${formId}?tab=${tab}&saved=`);
};

beforeAll(async () => {
  await store.start();
  // The demo store has a Newsletter list; the storage tab's first state is a site with none.
  await store.change((sql) => sql`delete from mailing_list`);
  admin = await adminVisitor(() => store.url());
}, scaled(240_000));
afterAll(async () => {
  await store.dispose();
});

describe('the list', () => {
  it('creates a form named "My Form Name" and lists it with its counts; the navigation links to it', async () => {
    const before = await html(await admin.get('/config/forms'));
    expect(before).toContain('href="/config/forms/form-contact">Contact</a>');
    expect(before).toContain('href="/config/forms"');
    const res = await admin.postForm('/config/forms?index', {});
    expect(res.status).toBe(303);
    formId = /\/config\/forms\/(form-[a-f0-9]+)\?tab=build&saved=created/.exec(res.headers.get('location') ?? '')![1];
    const list = await html(await admin.get('/config/forms'));
    expect(list).toContain(`href="/config/forms/${formId}">My Form Name</a>`);
    expect(list).toMatch(new RegExp(`${formId}">My Form Name</a></td><td>0</td>.*?None yet`));
  });
});

describe('the builder', () => {
  it('shows the five tabs, the build tab by default', async () => {
    const page = await html(await admin.get(builder()));
    for (const t of ['Build', 'Storage', 'Advanced', 'Captcha', 'Disclaimer']) expect(page).toMatch(new RegExp(`role="tab"[^>]*>${t}<`));
    expect(page).toContain(`href="/config/forms/${formId}?tab=storage"`);
    expect(page).toContain('No fields yet.');
  });

  it('build: saves the name and submit label; an empty name keeps what was typed', async () => {
    saved(await admin.postForm(builder(), { intent: 'save-build', name: 'Contact us', submitLabel: 'Send' }), 'build');
    const bad = await admin.postForm(builder(), { intent: 'save-build', name: '  ', submitLabel: 'Send it now' });
    expect(bad.status).toBe(400);
    const body = await html(bad);
    expect(body).toMatch(/id="f-name-error">Required</);
    expect(body).toContain('value="Send it now"');
    const page = await html(await admin.get(builder()));
    expect(page).toContain('<h1>Contact us</h1>');
    expect(page).toContain('value="Send"');
  });

  it('build: adds fields of every type, each editor offering exactly its SPEC 3 properties', async () => {
    const types = ['text', 'textarea', 'email', 'currency', 'phone', 'section', 'hidden', 'radio', 'likert', 'date'];
    for (const type of types) {
      const res = await admin.postForm(builder(), { intent: 'add-field', type });
      saved(res, 'build');
      expect(res.headers.get('location')).toContain(`field=${type}-1`);
    }
    const props = async (id: string) => {
      const page = await html(await admin.get(builder(`?tab=build&field=${id}`)));
      const editor = page.slice(page.indexOf('class="field-editor"'), page.indexOf('Save field'));
      return [...editor.matchAll(/name="([a-zA-Z]+)"/g)].map((m) => m[1]).filter((n) => !['fieldId', 'title', 'intent'].includes(n));
    };
    expect(await props('text-1')).toEqual(['description', 'placeholder', 'required']);
    expect(await props('textarea-1')).toEqual(['description', 'placeholder', 'required', 'maxLength']);
    expect(await props('currency-1')).toEqual(['description', 'currencySymbol', 'required']);
    expect(await props('phone-1')).toEqual(['description', 'showCountryCode', 'required']);
    expect(await props('section-1')).toEqual(['description', 'underline']);
    expect(await props('hidden-1')).toEqual(['key', 'value']);
    expect(await props('radio-1')).toEqual(['description', 'options', 'required']);
    expect(await props('date-1')).toEqual(['description', 'required']);
  });

  it('build: saves a field; a bad one shows its errors with everything typed; moves and removes', async () => {
    saved(
      await admin.postForm(builder(), {
        intent: 'save-field',
        fieldId: 'email-1',
        title: 'Your email',
        description: '',
        placeholder: 'you@example.com',
        required: 'on',
      }),
      'build',
    );
    const bad = await admin.postForm(builder(), {
      intent: 'save-field',
      fieldId: 'textarea-1',
      title: '',
      description: 'Tell us',
      placeholder: 'Hi',
      maxLength: '0',
    });
    expect(bad.status).toBe(400);
    const body = await html(bad);
    expect(body).toMatch(/id="fld-textarea-1-title-error">Required</);
    expect(body).toContain('Enter a whole number from 1 to 100000.');
    expect(body).toContain('value="Hi"');
    expect(body).toContain('>Tell us</textarea>');
    saved(await admin.postForm(builder(), { intent: 'move-field', fieldId: 'email-1', direction: 'up' }), 'build');
    saved(await admin.postForm(builder(), { intent: 'remove-field', fieldId: 'likert-1' }), 'build');
    const page = await html(await admin.get(builder()));
    const order = [...page.matchAll(/<li id="field-([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(order.indexOf('email-1')).toBe(order.indexOf('textarea-1') - 1);
    expect(order).not.toContain('likert-1');
    expect(page).toContain('<strong>Your email</strong>');
  });

  it('storage: asks for a list first, creates one, requires a choice, then shows it connected', async () => {
    const first = await html(await admin.get(builder('?tab=storage')));
    expect(first).toContain("You don't have any mailing lists. Please create one before continuing");
    expect(first).toMatch(/data-testid="list-status">disconnected</);
    const none = await admin.postForm(builder(), { intent: 'connect-list', mailingListId: 'list-x' });
    expect(none.status).toBe(400);
    expect(await html(none)).toContain("You don't have any mailing lists. Please create one before continuing");
    const created = await admin.postForm(builder(), { intent: 'create-list', listName: 'Newsletter' });
    saved(created, 'storage');
    const listId = /list=([a-z0-9-]+)/.exec(created.headers.get('location') ?? '')![1];
    const unchosen = await admin.postForm(builder(), { intent: 'connect-list', mailingListId: '' });
    expect(unchosen.status).toBe(400);
    expect(await html(unchosen)).toContain('A List must be selected');
    saved(await admin.postForm(builder(), { intent: 'connect-list', mailingListId: listId, newsletterFieldId: 'email-1' }), 'storage');
    const page = await html(await admin.get(builder('?tab=storage')));
    expect(page).toMatch(/data-testid="list-status">connected<\/strong> to Newsletter/);
  });

  it('storage: the notification email with the SPEC 5 messages, typed value kept', async () => {
    const noAt = await admin.postForm(builder(), { intent: 'save-email', notifyEmail: 'owner at example' });
    expect(noAt.status).toBe(400);
    const b1 = await html(noAt);
    expect(b1).toContain('Please enter a valid email');
    expect(b1).toContain('value="owner at example"');
    const malformed = await admin.postForm(builder(), { intent: 'save-email', notifyEmail: 'owner@example' });
    expect(await html(malformed)).toContain('Emails must be formatted as name@example.com');
    saved(await admin.postForm(builder(), { intent: 'save-email', notifyEmail: 'Owner@Example.com' }), 'storage');
    expect(await html(await admin.get(builder('?tab=storage')))).toContain('value="owner@example.com"');
  });

  it('storage: refuses an internal webhook URL in production; connects a public one and shows its secret once and on demand', async () => {
    expect(await html(await admin.get(builder('?tab=storage')))).toMatch(/data-testid="automation-status">awaiting</);
    const inside = await admin.postForm(builder(), { intent: 'connect-webhook', webhookUrl: 'http://127.0.0.1:9/hook' });
    expect(inside.status).toBe(400);
    const b = await html(inside);
    expect(b).toContain('This address points inside our network.');
    expect(b).toContain('value="http://127.0.0.1:9/hook"');
    const ok = await admin.postForm(builder(), { intent: 'connect-webhook', webhookUrl: 'https://hooks.example.com/in' });
    expect(ok.status).toBe(200);
    const secret = /data-testid="webhook-secret">(whsec_[A-Za-z0-9_-]+)</.exec(await html(ok))![1];
    const page = await html(await admin.get(builder('?tab=storage')));
    expect(page).toMatch(/data-testid="automation-status">1 connected automation</);
    expect(page).not.toContain(secret);
    const shown = await admin.postForm(builder(), { intent: 'show-secret' });
    expect(await html(shown)).toContain(secret);
  });

  it('advanced: a bad redirect keeps the typed values; the post-submit HTML is sanitised on save', async () => {
    const bad = await admin.postForm(builder(), {
      intent: 'save-advanced',
      redirectUrl: 'javascript:alert(1)',
      submissionText: 'Thanks a lot',
      postSubmitHtml: '<p>Hi</p>',
    });
    expect(bad.status).toBe(400);
    const b = await html(bad);
    expect(b).toContain('Links must be formatted as');
    expect(b).toContain('>Thanks a lot</textarea>');
    saved(
      await admin.postForm(builder(), {
        intent: 'save-advanced',
        redirectUrl: '/thanks',
        submissionText: 'Thanks a lot',
        postSubmitHtml: '<p>We will <strong>reply</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      }),
      'advanced',
    );
    const page = await html(await admin.get(builder('?tab=advanced')));
    expect(page).toContain('value="/thanks"');
    expect(page).toContain('<p>We will <strong>reply</strong></p>');
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toContain('onerror');
  });

  it('captcha and disclaimer: saved and shown again; a required disclaimer needs its text', async () => {
    saved(await admin.postForm(builder(), { intent: 'save-captcha', captcha: 'on' }), 'captcha');
    expect(await html(await admin.get(builder('?tab=captcha')))).toMatch(/name="captcha"[^>]*checked/);
    const bad = await admin.postForm(builder(), { intent: 'save-disclaimer', disclaimerText: '', disclaimerRequired: 'on' });
    expect(bad.status).toBe(400);
    expect(await html(bad)).toMatch(/name="disclaimerRequired"[^>]*checked/);
    saved(
      await admin.postForm(builder(), { intent: 'save-disclaimer', disclaimerText: 'We keep your answers.', disclaimerRequired: 'on' }),
      'disclaimer',
    );
    const page = await html(await admin.get(builder('?tab=disclaimer')));
    expect(page).toContain('>We keep your answers.</textarea>');
    expect(page).toMatch(/name="disclaimerRequired"[^>]*checked/);
  });

  it('deletes a form after asking on the page, without JavaScript too', async () => {
    const made = await admin.postForm('/config/forms?index', {});
    const id = /\/config\/forms\/(form-[a-f0-9]+)\?/.exec(made.headers.get('location') ?? '')![1];
    const page = await html(await admin.get(`/config/forms/${id}`));
    expect(page).toContain(`href="/config/forms/${id}?tab=build&delete=1#delete-form-h"`);
    expect(page).not.toContain('value="delete-form"');
    const ask = await html(await admin.get(`/config/forms/${id}?tab=build&delete=1`));
    expect(ask).toContain('Delete My Form Name and its 0 submissions?');
    expect(ask).toMatch(/name="intent" value="delete-form"/);
    const gone = await admin.postForm(`/config/forms/${id}`, { intent: 'delete-form' });
    expect(gone.status).toBe(303);
    expect(gone.headers.get('location')).toBe('/config/forms?deleted=My%20Form%20Name');
    expect(await html(await admin.get('/config/forms?deleted=My%20Form%20Name'))).toContain('Form My Form Name deleted.');
    expect((await admin.get(`/config/forms/${id}`)).status).toBe(404);
    // The form being built by the other tests is still there.
    expect((await admin.get(builder())).status).toBe(200);
  });

  it('answers 404 for a form of no site', async () => {
    expect((await admin.get('/config/forms/form-nope')).status).toBe(404);
    expect((await admin.postForm('/config/forms/form-nope', { intent: 'save-captcha' })).status).toBe(404);
  });
});

describe('the form block', () => {
  it('adds a form block to a page, choosing one of the site’s forms', async () => {
    const urlId = `contact-${randomBytes(3).toString('hex')}`;
    const res = await admin.postForm('/config/pages/new', {
      intent: 'save',
      title: 'Contact',
      urlId,
      description: '',
      body: '<p>Write to us.</p>',
      seoTitle: '',
      seoDescription: '',
      status: 'published',
      publishAt: '',
    });
    const pageId = decodeURIComponent(/^\/config\/pages\/([^?]+)\?/.exec(res.headers.get('location') ?? '')![1]);
    const chooser = await html(await admin.get(`/config/pages/${pageId}/blocks/new?type=form`));
    expect(chooser).toContain(`<option value="${formId}">Contact us</option>`);
    const bogus = await admin.postForm(`/config/pages/${pageId}/blocks/new?type=form`, { formId: 'form-of-another-site' });
    expect(bogus.status).toBe(400);
    expect(await html(bogus)).toContain('Choose one of this site’s forms.');
    expect((await admin.postForm(`/config/pages/${pageId}/blocks/new?type=form`, { formId })).status).toBe(303);
    expect(await html(await admin.get(`/config/pages/${pageId}`))).toContain('Contact us');

    // The shopper sees the form, and a change to it at once (the page's cached render is dropped).
    const live = async () => html(await fetch(`${store.url()}/${urlId}`));
    expect(await live()).toMatch(/<button[^>]*type="submit"[^>]*>Send</);
    saved(await admin.postForm(builder(), { intent: 'save-build', name: 'Contact us', submitLabel: 'Send it' }), 'build');
    expect(await live()).toMatch(/<button[^>]*type="submit"[^>]*>Send it</);
  });
});

describe('submissions', () => {
  beforeAll(async () => {
    await store.change(async (sql) => {
      const [{ website_id }] = await sql<{ website_id: string }[]>`select website_id from form where id = ${formId}`;
      for (let i = 0; i < 30; i++) {
        const fields: Record<string, unknown> = {
          'email-1': `person${i}@example.com`,
          'radio-1': 'Option 1',
          'date-1': ['11', '23', '2026'],
        };
        if (i === 7) fields['text-1'] = 'needle in a haystack';
        if (i === 29) {
          fields['text-1'] = '=HYPERLINK("http://evil")';
          fields['textarea-1'] = 'two\nlines, "quoted"';
          fields['currency-1'] = '-12';
        }
        await sql`insert into form_submission (id, form_id, website_id, fields, page_url, created_at)
                  values (${`sub-${String(i).padStart(2, '0')}`}, ${formId}, ${website_id}, ${sql.json(fields as never)}, '/contact',
                          now() - make_interval(mins => ${30 - i}))`;
      }
    });
  }, scaled(240_000));

  it('lists them newest first, 25 a page, each answer under its title and N/A for none', async () => {
    const page = await html(await admin.get(`${builder()}/submissions`));
    expect(page).toContain('30 submissions.');
    const emails = [...page.matchAll(/person(\d+)@example\.com/g)].map((m) => Number(m[1]));
    expect(emails.length).toBe(25);
    expect(emails[0]).toBe(29);
    expect(emails[24]).toBe(5);
    expect(page).toMatch(/<th[^>]*>Your email<\/th>/);
    expect(page).toContain('<td>N/A</td>');
    expect(page).toContain('<td>11/23/2026</td>');
    const older = /href="([^"]+after=[^"]+)">Older submissions/.exec(page)![1].replace(/&amp;/g, '&');
    const next = await html(await admin.get(older));
    expect([...next.matchAll(/person(\d+)@example\.com/g)].map((m) => Number(m[1]))).toEqual([4, 3, 2, 1, 0]);
    expect(next).not.toContain('Older submissions');
  });

  it('searches across the values', async () => {
    const page = await html(await admin.get(`${builder()}/submissions?q=needle`));
    expect(page).toContain('1 submission matching “needle”.');
    expect(page).toContain('person7@example.com');
    expect(page).not.toContain('person8@example.com');
    expect(await html(await admin.get(`${builder()}/submissions?q=%25`))).toContain('No submission matches.');
  });

  it('exports CSV: BOM, titles, one row per submission, quoted and formula-safe', async () => {
    const res = await admin.get(`${builder()}/submissions.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="Contact-us-submissions.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes.slice(3));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Text,Your email,Text area,Currency,Phone,Hidden,Radio buttons,Date,Submitted at,Page');
    expect(csv.match(/@example\.com/g)?.length).toBe(30);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain('"two\nlines, ""quoted"""');
    expect(lines[1]).toContain(",'-12,");
    expect(lines[1]).toMatch(/,\/contact$/);
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
