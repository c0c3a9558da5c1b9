// Two owners at once lose nothing (issue 28) on the owner forms after products, pages and posts:
// owner A opens a form, owner B saves a change, A saves the form as opened with a change of their
// own: a 409 conflict screen that keeps what A typed and names B's change, nothing written; "apply
// only my changes" then saves A's fields over B's. Posts without a stamp are saved as before.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../app/auth/roles.js';
import { Visitor } from './support/client.js';
import { formFields, withField } from './support/form-fields.js';
import { twoOwners, visitorWithRole } from './support/owner.js';

let ownerA: Visitor;
let ownerB: Visitor;
let emailB: string;
beforeAll(async () => {
  ({ ownerA, ownerB, emailB } = await twoOwners());
});

const value = (fields: [string, string][], name: string) => fields.find(([k]) => k === name)?.[1];
const plain = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '');
const currentOf = (html: string) => /name="_current" value="([^"]+)"/.exec(html)?.[1] ?? '';
type Fields = [string, string][];

/**
 * The set-up every screen here shares: owner A opens the form (`open`), owner B saves `theirs` of
 * it (and anything `meanwhile`), A saves `mine` of the form as opened. Checked: a 409 whose screen
 * says `message`, names B's changed field and A's, and B; the form drawn again keeps what A typed
 * (`kept`), which was not written. Returns A's post and the screen, for "apply only my changes".
 */
async function staleSave(o: {
  post: string;
  open: (v: Visitor) => Promise<Fields>;
  theirs: (openedB: Fields) => Fields;
  mine: (openedA: Fields) => Fields;
  formId: string;
  message: string;
  theirsLabel?: string;
  yoursLabel?: string;
  kept?: [string, string];
  meanwhile?: () => Promise<void>;
  /** What B's save answers (a redirect, or the page drawn again). */
  savedStatus?: number;
}): Promise<{ openedA: Fields; typed: Fields; html: string }> {
  const openedA = await o.open(ownerA);
  expect(value(openedA, '_version')).toMatch(/^[A-Za-z0-9_-]{16}$/);
  const openedB = await o.open(ownerB);
  expect((await ownerB.postForm(o.post, o.theirs(openedB))).status).toBe(o.savedStatus ?? 303);
  await o.meanwhile?.();
  const typed = o.mine(openedA);
  const res = await ownerA.postForm(o.post, typed);
  expect(res.status).toBe(409);
  const html = await plain(res);
  expect(html).toContain(o.message);
  if (o.theirsLabel) expect(html).toMatch(new RegExp(`data-conflict-theirs[^>]*>Changed since you opened it: ${o.theirsLabel}\\.<`));
  if (o.yoursLabel) expect(html).toMatch(new RegExp(`data-conflict-yours[^>]*>Your changes: ${o.yoursLabel}\\.<`));
  expect(html).toContain(emailB);
  if (o.kept) {
    const [name, typedValue] = o.kept;
    expect(value(formFields(html, o.formId), name)).toBe(typedValue);
    expect(value(await o.open(ownerA), name)).not.toBe(typedValue);
  }
  return { openedA, typed, html };
}

/**
 * The form `open` draws, as owner A finds it before the describe's tests, saved back to `post`
 * after them (unstamped: saved as posted), for the suite's other files. Returns it, as opened.
 */
function restoredAfterAll(post: string, open: (v: Visitor) => Promise<Fields>): () => Fields {
  let opened: Fields = [];
  beforeAll(async () => {
    opened = await open(ownerA);
  });
  afterAll(async () => {
    const unstamped = opened.filter(([k]) => !k.startsWith('_'));
    expect((await ownerA.postForm(post, unstamped)).status).toBe(303);
  });
  return () => opened;
}

/** "Apply only my changes" on the conflict screen `html` of A's post `typed`. */
async function applyMine(post: string, typed: Fields, html: string, status = 303): Promise<void> {
  const applied = await ownerA.postForm(post, [...typed, ['_apply', 'mine'], ['_current', currentOf(html)]]);
  expect(applied.status, await applied.clone().text()).toBe(status);
}

describe('/config/settings, each section versioned on its own', () => {
  const open = async (v: Visitor, section: string) => {
    const res = await v.get('/config/settings');
    expect(res.status).toBe(200);
    return formFields(await res.text(), `settings-${section}`);
  };
  restoredAfterAll('/config/settings', (v) => open(v, 'instalments'));

  it('a save over a section changed since is a 409 that keeps what was typed; applying mine keeps theirs', async () => {
    const { openedA, typed, html } = await staleSave({
      post: '/config/settings',
      open: (v) => open(v, 'instalments'),
      theirs: (f) => withField(f, 'instalmentsMax', '1999.00'),
      mine: (f) => withField(f, 'instalmentsMin', '42.00'),
      formId: 'settings-instalments',
      message: 'Someone else changed this instalments section of the settings after you opened it.',
      theirsLabel: 'Offered for prices up to',
      yoursLabel: 'Offered for prices over',
      kept: ['instalmentsMin', '42.00'],
    });
    // Nothing of A's was written; B's change stands.
    const now = await open(ownerA, 'instalments');
    expect(value(now, 'instalmentsMin')).toBe(value(openedA, 'instalmentsMin'));
    expect(value(now, 'instalmentsMax')).toBe('1999.00');

    await applyMine('/config/settings', typed, html);
    const after = await open(ownerA, 'instalments');
    expect(value(after, 'instalmentsMin')).toBe('42.00');
    expect(value(after, 'instalmentsMax')).toBe('1999.00');
  });

  it('a save of another section meanwhile is no conflict; the JSON answer is a 409', async () => {
    const openedA = await open(ownerA, 'instalments');
    const checkoutB = await open(ownerB, 'checkout');
    expect((await ownerB.postForm('/config/settings', checkoutB)).status).toBe(303);
    const saved = await ownerA.postForm('/config/settings', withField(openedA, 'instalmentsMin', '41.00'));
    expect(saved.status).toBe(303);

    const again = await open(ownerA, 'instalments');
    const openedB = await open(ownerB, 'instalments');
    expect((await ownerB.postForm('/config/settings', withField(openedB, 'instalmentsMax', '1888.00'))).status).toBe(303);
    const res = await ownerA.postForm(
      `/config/settings?_data=${encodeURIComponent('routes/config.settings')}`,
      withField(again, 'instalmentsMin', '40.00'),
    );
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.conflict.theirs).toEqual(['Offered for prices up to']);
    expect(body.conflict.yours).toEqual(['Offered for prices over']);
    expect(body.initialValue.instalmentsMin).toBe('40.00');
  });

  it('a post without a stamp is saved as before', async () => {
    const opened = await open(ownerA, 'instalments');
    const res = await ownerA.postForm(
      '/config/settings',
      withField(opened, 'instalmentsMin', '39.00').filter(([k]) => !k.startsWith('_')),
    );
    expect(res.status).toBe(303);
    expect(value(await open(ownerA, 'instalments'), 'instalmentsMin')).toBe('39.00');
  });
});

describe('/config/forms/<id>, each tab and each field versioned on its own', () => {
  let formId = '';
  let fieldId = '';
  const builder = (q = '') => `/config/forms/${formId}${q}`;
  const open = async (v: Visitor, q: string, id: string) => {
    const res = await v.get(builder(q));
    expect(res.status).toBe(200);
    return formFields(await res.text(), id);
  };
  // The builder's forms carry their intent on the Save button, which a browser sends with the form.
  const save = (fields: [string, string][], intent: string): [string, string][] => [...fields, ['intent', intent]];
  beforeAll(async () => {
    const made = await ownerA.postForm('/config/forms?index', {});
    expect(made.status).toBe(303);
    formId = /\/config\/forms\/(form-[a-f0-9]+)/.exec(made.headers.get('location') ?? '')![1];
    const added = await ownerA.postForm(builder(), { intent: 'add-field', type: 'text' });
    expect(added.status).toBe(303);
    fieldId = /field=([a-z0-9-]+)/.exec(added.headers.get('location') ?? '')![1];
  });

  it('advanced: a save over a tab changed since is a 409 keeping what was typed; applying mine keeps theirs', async () => {
    const { typed, html } = await staleSave({
      post: builder(),
      open: (v) => open(v, '?tab=advanced', 'builder-save-advanced'),
      theirs: (f) => save(withField(f, 'submissionText', 'Thanks from B.'), 'save-advanced'),
      mine: (f) => save(withField(f, 'redirectUrl', '/thanks-a'), 'save-advanced'),
      // B saving another tab meanwhile is no conflict for A's advanced tab.
      meanwhile: async () => {
        const buildB = await open(ownerB, '?tab=build', 'builder-save-build');
        expect((await ownerB.postForm(builder(), save(withField(buildB, 'submitLabel', 'Send'), 'save-build'))).status).toBe(303);
      },
      formId: 'builder-save-advanced',
      message: 'Someone else changed this form after you opened it.',
      theirsLabel: 'Submission text',
      yoursLabel: 'After submitting, go to',
      kept: ['redirectUrl', '/thanks-a'],
    });
    // The apply button sends the intent from outside the form (the Save button carries it otherwise).
    expect(html).toMatch(/<input type="hidden" form="builder-save-advanced" name="intent" value="save-advanced"/);
    const now = await open(ownerA, '?tab=advanced', 'builder-save-advanced');
    expect(value(now, 'redirectUrl')).toBe('');
    expect(value(now, 'submissionText')).toBe('Thanks from B.');

    await applyMine(builder(), typed, html);
    const after = await open(ownerA, '?tab=advanced', 'builder-save-advanced');
    expect(value(after, 'redirectUrl')).toBe('/thanks-a');
    expect(value(after, 'submissionText')).toBe('Thanks from B.');
  });

  it("a field's editor: a save over another owner's change to that field is a 409, also as JSON", async () => {
    const editor = `builder-save-field-${fieldId}`;
    const openedA = await open(ownerA, `?tab=build&field=${fieldId}`, editor);
    const openedB = await open(ownerB, `?tab=build&field=${fieldId}`, editor);
    expect((await ownerB.postForm(builder(), save(withField(openedB, 'placeholder', 'By B'), 'save-field'))).status).toBe(303);
    const res = await ownerA.postForm(
      `${builder()}?_data=${encodeURIComponent('routes/config.forms.$id')}`,
      save(withField(openedA, 'title', 'Asked by A'), 'save-field'),
    );
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.conflict.theirs).toEqual(['Placeholder']);
    expect(body.conflict.yours).toEqual(['Title']);
    expect(body.initialValue.title).toBe('Asked by A');
    const applied = await ownerA.postForm(builder(), [
      ...save(withField(openedA, 'title', 'Asked by A'), 'save-field'),
      ['_apply', 'mine'],
      ['_current', body.conflict.current],
    ]);
    expect(applied.status, await applied.clone().text()).toBe(303);
    const after = await open(ownerA, `?tab=build&field=${fieldId}`, editor);
    expect(value(after, 'title')).toBe('Asked by A');
    expect(value(after, 'placeholder')).toBe('By B');
  });

  it("storage: the notification email and the list connected, saved over another owner's, are a 409 keeping what was typed", async () => {
    const { typed, html } = await staleSave({
      post: builder(),
      open: (v) => open(v, '?tab=storage', 'builder-save-email'),
      theirs: (f) => save(withField(f, 'notifyEmail', 'notify-b@example.com'), 'save-email'),
      mine: (f) => save(withField(f, 'notifyEmail', 'notify-a@example.com'), 'save-email'),
      formId: 'builder-save-email',
      message: 'Someone else changed this form after you opened it.',
      theirsLabel: 'Email each submission to',
      yoursLabel: 'Email each submission to',
      kept: ['notifyEmail', 'notify-a@example.com'],
    });
    expect(html).toMatch(/<input type="hidden" form="builder-save-email" name="intent" value="save-email"/);
    expect(value(await open(ownerA, '?tab=storage', 'builder-save-email'), 'notifyEmail')).toBe('notify-b@example.com');
    const json = await ownerA.postForm(`${builder()}?_data=${encodeURIComponent('routes/config.forms.$id')}`, typed);
    expect(json.status).toBe(409);
    expect((await json.json()).initialValue.notifyEmail).toBe('notify-a@example.com');
    await applyMine(builder(), typed, html);
    expect(value(await open(ownerA, '?tab=storage', 'builder-save-email'), 'notifyEmail')).toBe('notify-a@example.com');

    // The mailing list form: B connects one list, A's form drawn before connects another.
    const lists: string[] = [];
    for (const name of ['List A', 'List B']) {
      const made = await ownerA.postForm(builder(), { intent: 'create-list', listName: `${name} ${randomBytes(3).toString('hex')}` });
      expect(made.status).toBe(303);
      lists.push(/list=([^&#]+)/.exec(made.headers.get('location') ?? '')![1]);
    }
    const listA = await open(ownerA, '?tab=storage', 'builder-connect-list');
    expect(value(listA, '_version')).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const listB = await open(ownerB, '?tab=storage', 'builder-connect-list');
    expect((await ownerB.postForm(builder(), save(withField(listB, 'mailingListId', lists[1]), 'connect-list'))).status).toBe(303);
    const stale = await ownerA.postForm(
      `${builder()}?_data=${encodeURIComponent('routes/config.forms.$id')}`,
      save(withField(listA, 'mailingListId', lists[0]), 'connect-list'),
    );
    expect(stale.status).toBe(409);
    const body = await stale.json();
    expect(body.conflict.theirs).toEqual(['Mailing list']);
    expect(body.initialValue.mailingListId).toBe(lists[0]);
    expect(value(await open(ownerA, '?tab=storage', 'builder-connect-list'), 'mailingListId')).toBe(lists[1]);
  });

  it('a post without a stamp is saved as before', async () => {
    const res = await ownerA.postForm(builder(), { intent: 'save-captcha', captcha: 'on' });
    expect(res.status).toBe(303);
    expect(value(await open(ownerA, '?tab=captcha', 'builder-save-captcha'), 'captcha')).toBe('on');
  });
});

describe('/config/tweaks/<type>', () => {
  const page = '/config/tweaks/sso-page';
  const open = async (v: Visitor) => {
    const res = await v.get(page);
    expect(res.status).toBe(200);
    return formFields(await res.text(), 'tweak-form');
  };
  restoredAfterAll(page, open);

  it("a save over another owner's change is a 409 keeping what was typed; applying mine keeps theirs", async () => {
    const { openedA, typed, html } = await staleSave({
      post: page,
      open,
      theirs: (f) => withField(f, 'buttonLabel', 'Go in (B)'),
      mine: (f) => withField(f, 'title', 'Title by A'),
      formId: 'tweak-form',
      message: 'Someone else changed this SSO page tweak after you opened it.',
      theirsLabel: 'Button',
      yoursLabel: 'Title',
      kept: ['title', 'Title by A'],
    });
    expect(value(await open(ownerA), 'title')).toBe(value(openedA, 'title'));

    await applyMine(page, typed, html);
    const after = await open(ownerA);
    expect(value(after, 'title')).toBe('Title by A');
    expect(value(after, 'buttonLabel')).toBe('Go in (B)');
  });

  it('answers the conflict as JSON with a 409 on ?_data=', async () => {
    const openedA = await open(ownerA);
    const openedB = await open(ownerB);
    expect((await ownerB.postForm(page, withField(openedB, 'text', 'Text by B'))).status).toBe(303);
    const res = await ownerA.postForm(
      `${page}?_data=${encodeURIComponent('routes/config.tweaks.$type')}`,
      withField(openedA, 'title', 'T2'),
    );
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.conflict.theirs).toEqual(['Text']);
    // Conform's reply carries the form as typed in initialValue.
    expect(body.initialValue.title).toBe('T2');
  });
});

describe('/config/design', () => {
  const open = async (v: Visitor) => {
    const res = await v.get('/config/design');
    expect(res.status).toBe(200);
    return formFields(await res.text(), 'design-form');
  };
  restoredAfterAll('/config/design', open);

  it("a save over another owner's change is a 409 keeping what was typed; applying mine keeps theirs; JSON too", async () => {
    const { openedA, typed, html } = await staleSave({
      post: '/config/design',
      open,
      theirs: (f) => withField(f, 'accent', '#123456'),
      mine: (f) => withField(f, 'background', '#fafaf0'),
      formId: 'design-form',
      message: 'Someone else changed this design after you opened it.',
      theirsLabel: 'Links and accents',
      yoursLabel: 'Background',
      kept: ['background', '#fafaf0'],
    });
    expect(value(await open(ownerA), 'background')).toBe(value(openedA, 'background'));

    const json = await ownerA.postForm(`/config/design?_data=${encodeURIComponent('routes/config.design')}`, typed);
    expect(json.status).toBe(409);
    expect((await json.json()).conflict.theirs).toEqual(['Links and accents']);

    await applyMine('/config/design', typed, html);
    const after = await open(ownerA);
    expect(value(after, 'background')).toBe('#fafaf0');
    expect(value(after, 'accent')).toBe('#123456');
  });
});

describe('/config/analytics/settings, the visitor-metrics beta box with the rest', () => {
  const page = '/config/analytics/settings';
  const box = 'visitorMetrics';
  const open = async (v: Visitor) => {
    const res = await v.get(page);
    expect(res.status).toBe(200);
    return formFields(await res.text(), 'analytics-settings-form');
  };
  /** The form with the beta box ticked the other way (an unticked box is not posted). */
  const flipped = (f: Fields): Fields => (value(f, box) === 'on' ? f.filter(([k]) => k !== box) : [...f, [box, 'on']]);
  const saved = restoredAfterAll(page, open);

  it("ticking the box on a form opened before another owner's save is a 409 keeping the tick; applying mine keeps theirs; JSON too", async () => {
    const policy = value(saved(), 'cookiePolicy') === 'allow' ? 'restrictive' : 'allow';
    const { openedA, typed, html } = await staleSave({
      post: page,
      open,
      theirs: (f) => withField(f, 'cookiePolicy', policy),
      mine: flipped,
      formId: 'analytics-settings-form',
      message: 'Someone else changed this set of analytics settings after you opened it.',
      theirsLabel: 'Cookie policy',
      yoursLabel: 'Count visits to product listings \\(visitor metrics beta\\)',
    });
    // The form drawn again shows the box as A sent it; the settings still have it as A opened them.
    expect(value(formFields(html, 'analytics-settings-form'), box)).toBe(value(typed, box));
    expect(value(await open(ownerA), box)).toBe(value(openedA, box));

    const json = await ownerA.postForm(`${page}?_data=${encodeURIComponent('routes/config.analytics.settings')}`, typed);
    expect(json.status).toBe(409);
    expect((await json.json()).conflict.theirs).toEqual(['Cookie policy']);

    await applyMine(page, typed, html);
    const after = await open(ownerA);
    expect(value(after, box)).toBe(value(typed, box));
    expect(value(after, 'cookiePolicy')).toBe(policy);
  });
});

describe('/config/members, role changes', () => {
  it("a role change over another owner's is a 409 keeping the chosen role; applying mine then sets it", async () => {
    const { email } = await visitorWithRole(ownerA, ROLES.viewer);
    const openPage = async (v: Visitor) => {
      const res = await v.get('/config/members');
      expect(res.status).toBe(200);
      return res.text();
    };
    const ownerId = new RegExp(`name="ownerId" value="([^"]+)"/><input type="hidden" name="email" value="${email}"`).exec(
      await openPage(ownerA),
    )?.[1];
    expect(ownerId).toBeTruthy();
    const formId = `member-${ownerId}`;
    const { openedA, typed, html } = await staleSave({
      post: '/config/members',
      open: async (v) => formFields(await openPage(v), formId),
      theirs: (f) => withField(f, 'roleId', String(ROLES.editor)),
      mine: (f) => withField(f, 'roleId', String(ROLES.reporting)),
      savedStatus: 200,
      formId,
      message: 'Someone else changed this member after you opened it.',
      theirsLabel: 'Role',
      yoursLabel: 'Role',
      kept: ['roleId', String(ROLES.reporting)],
    });
    expect(value(openedA, 'roleId')).toBe(String(ROLES.viewer));
    // B's change stands.
    expect(value(formFields(await openPage(ownerA), formId), 'roleId')).toBe(String(ROLES.editor));

    const json = await ownerA.postForm(`/config/members?_data=${encodeURIComponent('routes/config.members')}`, typed);
    expect(json.status).toBe(409);
    expect((await json.json()).conflict.theirs).toEqual(['Role']);

    await applyMine('/config/members', typed, html, 200);
    expect(value(formFields(await openPage(ownerA), formId), 'roleId')).toBe(String(ROLES.reporting));
  });
});

describe('/config/pages/<id>/access', () => {
  let access = '';
  beforeAll(async () => {
    const tag = randomBytes(4).toString('hex');
    const res = await ownerA.postForm('/config/pages/new', {
      intent: 'save',
      title: `Access page ${tag}`,
      urlId: `access-page-${tag}`,
      description: '',
      body: '<p>Body.</p>',
      seoTitle: '',
      seoDescription: '',
      status: 'draft',
      publishAt: '',
      hidden: 'on',
    });
    expect(res.status).toBe(303);
    access = `${/^(\/config\/pages\/[^?]+)\?saved=created$/.exec(res.headers.get('location')!)![1]}/access`;
  });
  const open = async (v: Visitor) => {
    const res = await v.get(access);
    expect(res.status).toBe(200);
    return formFields(await res.text(), 'access-form');
  };

  it("a rule saved over another owner's is a 409 keeping what was chosen; a new password is a change too", async () => {
    const { openedA, typed } = await staleSave({
      post: access,
      open,
      theirs: (f) => withField(withField(f, 'kind', 'password'), 'password', 'secret-b'),
      mine: (f) => withField(f, 'kind', 'signed-in'),
      formId: 'access-form',
      message: "Someone else changed this page's access rule after you opened it.",
      theirsLabel: 'Who can see it',
      kept: ['kind', 'signed-in'],
    });
    expect(value(openedA, 'kind')).toBe('public');
    expect(value(await open(ownerA), 'kind')).toBe('password');

    // Only the password changed since B's save: still a conflict for a form drawn before it.
    const beforePw = await open(ownerA);
    const again = await open(ownerB);
    expect((await ownerB.postForm(access, withField(again, 'password', 'another-b'))).status).toBe(303);
    const json = await ownerA.postForm(
      `${access}?_data=${encodeURIComponent('routes/config.pages.$pageId_.access')}`,
      withField(beforePw, 'kind', 'public'),
    );
    expect(json.status).toBe(409);
    expect((await json.json()).initialValue.kind).toBe('public');

    // "Apply only my changes" against the rule as it is now (the conflict screen of A's form, again).
    const now = await ownerA.postForm(access, typed);
    expect(now.status).toBe(409);
    await applyMine(access, typed, await plain(now));
    expect(value(await open(ownerA), 'kind')).toBe('signed-in');
  });
});

describe('the translation editors (a page and a product in French)', () => {
  const editors = [
    { path: '/config/pages/col-contact/translations/fr', thing: 'title', theirs: 'description', theirLabel: 'Description' },
    { path: '/config/products/itm-tide-pool-mug/translations/fr', thing: 'title', theirs: 'excerpt', theirLabel: 'Summary' },
  ];
  const open = async (v: Visitor, path: string) => {
    const res = await v.get(path);
    expect(res.status).toBe(200);
    return formFields(await res.text(), 'translation-form');
  };
  for (const e of editors) restoredAfterAll(e.path, (v) => open(v, e.path));

  for (const e of editors) {
    it(`${e.path}: a save over a translation changed since is a 409 keeping what was typed; applying mine keeps theirs`, async () => {
      const tag = randomBytes(3).toString('hex');
      const { openedA, typed, html } = await staleSave({
        post: e.path,
        open: (v) => open(v, e.path),
        theirs: (f) => withField(f, e.theirs, `Theirs ${tag}`),
        mine: (f) => withField(f, e.thing, `Mine ${tag}`),
        formId: 'translation-form',
        message: 'Someone else changed this translation after you opened it.',
        theirsLabel: e.theirLabel,
        yoursLabel: 'Title',
        kept: [e.thing, `Mine ${tag}`],
      });
      // Nothing of A's written; B's stands.
      const now = await open(ownerA, e.path);
      expect(value(now, e.thing)).toBe(value(openedA, e.thing));
      expect(value(now, e.theirs)).toBe(`Theirs ${tag}`);

      await applyMine(e.path, typed, html);
      const after = await open(ownerA, e.path);
      expect(value(after, e.thing)).toBe(`Mine ${tag}`);
      expect(value(after, e.theirs)).toBe(`Theirs ${tag}`);
    });
  }

  it('answers the conflict as JSON on ?_data=, and saves a post without a stamp as before', async () => {
    const path = editors[0].path;
    const openedA = await open(ownerA, path);
    const openedB = await open(ownerB, path);
    expect((await ownerB.postForm(path, withField(openedB, 'seoTitle', `B ${randomBytes(3).toString('hex')}`))).status).toBe(303);
    const res = await ownerA.postForm(
      `${path}?_data=${encodeURIComponent('routes/config.pages.$pageId_.translations.$lang')}`,
      withField(openedA, 'title', 'JSON'),
    );
    expect(res.status).toBe(409);
    const body = (await res.json()) as { conflict: { theirs: string[]; yours: string[] } };
    expect(body.conflict.theirs).toEqual(['SEO title']);
    expect(body.conflict.yours).toEqual(['Title']);
    const unstamped = await ownerA.postForm(
      path,
      withField(openedA, 'title', 'Unstamped').filter(([k]) => !k.startsWith('_')),
    );
    expect(unstamped.status).toBe(303);
    expect(value(await open(ownerA, path), 'title')).toBe('Unstamped');
  });
});

describe("/config/navigation/translations/<code>, the menus' labels in a language", () => {
  const PATH = '/config/navigation/translations/fr';
  const open = async (v: Visitor) => {
    const res = await v.get(PATH);
    expect(res.status).toBe(200);
    return formFields(await res.text(), 'navigation-labels-form');
  };
  /** The name of the label field of the link whose default text is `title`. */
  const labelName = (f: Fields, title: string) =>
    f.find(([k, v]) => /^items\[\d+\]\.title$/.test(k) && v === title)![0].replace(/\.title$/, '.label');
  const withLabel = (f: Fields, title: string, label: string) => withField(f, labelName(f, title), label);
  const labelOf = (f: Fields, title: string) => value(f, labelName(f, title)) ?? '';
  const before = restoredAfterAll(PATH, open);

  it('a save over a label changed since is a 409 keeping what was typed; applying mine keeps theirs; JSON too', async () => {
    const other = before().find(([k, v]) => /^items\[\d+\]\.title$/.test(k) && v !== 'Journal')![1];
    const { openedA, typed, html } = await staleSave({
      post: PATH,
      open,
      theirs: (f) => withLabel(f, 'Journal', 'Carnet de B'),
      mine: (f) => withLabel(f, other, 'Libellé de A'),
      formId: 'navigation-labels-form',
      message: 'Someone else changed this translation after you opened it.',
      theirsLabel: 'Journal',
      yoursLabel: other,
    });
    // What A typed is drawn again; nothing of it was written, B's label stands.
    expect(labelOf(formFields(html, 'navigation-labels-form'), other)).toBe('Libellé de A');
    const now = await open(ownerA);
    expect(labelOf(now, other)).toBe(labelOf(openedA, other));
    expect(labelOf(now, 'Journal')).toBe('Carnet de B');

    const json = await ownerA.postForm(`${PATH}?_data=${encodeURIComponent('routes/config.navigation_.translations.$lang')}`, typed);
    expect(json.status).toBe(409);
    expect((await json.json()).conflict.theirs).toEqual(['Journal']);

    await applyMine(PATH, typed, html);
    const after = await open(ownerA);
    expect(labelOf(after, other)).toBe('Libellé de A');
    expect(labelOf(after, 'Journal')).toBe('Carnet de B');
  });
});

describe('/config/access, the site password', () => {
  const open = async (v: Visitor, form: string) => {
    const res = await v.get('/config/access');
    expect(res.status).toBe(200);
    return formFields(await res.text(), form);
  };

  it('a password set over one someone set since is a 409, nothing written; applying mine sets it', async () => {
    const openedA = await open(ownerA, 'site-lock-form');
    expect(value(openedA, '_version')).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const openedB = await open(ownerB, 'site-lock-form');
    try {
      expect((await ownerB.postForm('/config/access', withField(openedB, 'password', 'theirs is this'))).status).toBe(303);
      const typed = withField(openedA, 'password', 'mine is that');
      const res = await ownerA.postForm('/config/access', typed);
      expect(res.status).toBe(409);
      const html = await plain(res);
      expect(html).toContain('Someone else changed this site password after you opened it.');
      expect(html).toMatch(/data-conflict-yours[^>]*>Your changes: Site password\.</);
      expect(html).toContain(emailB);
      // The form drawn again keeps the version it was first drawn at, and never echoes the password.
      const again = formFields(html, 'site-lock-form');
      expect(value(again, '_version')).toBe(value(openedA, '_version'));
      expect(value(again, 'password')).toBe('');
      // B's password stands: it opens the site, A's does not.
      const shopper = new Visitor();
      await shopper.postForm('/page-access', { intent: 'unlock', scope: 'site', password: 'mine is that', redirectTo: '/shop' });
      expect((await shopper.get('/shop')).status).toBe(403);
      await shopper.postForm('/page-access', { intent: 'unlock', scope: 'site', password: 'theirs is this', redirectTo: '/shop' });
      expect((await shopper.get('/shop')).status).toBe(200);

      // Removing the password over a change is refused the same way.
      const unlockA = await open(ownerA, 'site-unlock-form');
      expect((await ownerB.postForm('/config/access', withField(openedB, 'password', 'a third one'))).status).toBe(409);
      const reopenedB = await open(ownerB, 'site-lock-form');
      expect((await ownerB.postForm('/config/access', withField(reopenedB, 'password', 'a third one'))).status).toBe(303);
      const refused = await ownerA.postForm('/config/access', unlockA);
      expect(refused.status).toBe(409);

      const applied = await ownerA.postForm('/config/access', [...typed, ['_apply', 'mine'], ['_current', currentOf(html)]]);
      expect(applied.status).toBe(409); // the password changed again since that conflict (a third one)
      const fresh = await plain(applied);
      const appliedAgain = await ownerA.postForm('/config/access', [...typed, ['_apply', 'mine'], ['_current', currentOf(fresh)]]);
      expect(appliedAgain.status).toBe(303);
      const v = new Visitor();
      await v.postForm('/page-access', { intent: 'unlock', scope: 'site', password: 'mine is that', redirectTo: '/shop' });
      expect((await v.get('/shop')).status).toBe(200);
    } finally {
      expect((await ownerA.postForm('/config/access', { intent: 'unlock-site' })).status).toBe(303);
    }
  });
});
