// Two owners at once lose nothing (issue 28) on the owner forms after products, pages and posts:
// owner A opens a form, owner B saves a change, A saves the form as opened with a change of their
// own: a 409 conflict screen that keeps what A typed and names B's change, nothing written; "apply
// only my changes" then saves A's fields over B's. Posts without a stamp are saved as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../app/auth/roles.js';
import type { Visitor } from './support/client.js';
import { formFields, withField } from './support/form-fields.js';
import { adminVisitor, visitorWithRole } from './support/owner.js';

let ownerA: Visitor;
let ownerB: Visitor;
let emailB: string;
beforeAll(async () => {
  ownerA = await adminVisitor();
  ({ visitor: ownerB, email: emailB } = await visitorWithRole(ownerA, ROLES.admin));
});

const value = (fields: [string, string][], name: string) => fields.find(([k]) => k === name)?.[1];
const plain = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '');
const currentOf = (html: string) => /name="_current" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('/config/settings, each section versioned on its own', () => {
  const open = async (v: Visitor, section: string) => {
    const res = await v.get('/config/settings');
    expect(res.status).toBe(200);
    return formFields(await res.text(), `settings-${section}`);
  };
  let instalments: [string, string][];
  beforeAll(async () => {
    instalments = await open(ownerA, 'instalments');
  });
  afterAll(async () => {
    // Back to the demo's instalment settings, for the suite's other files.
    const res = await ownerA.postForm(
      '/config/settings',
      instalments.filter(([k]) => !k.startsWith('_')),
    );
    expect(res.status).toBe(303);
  });

  it('a save over a section changed since is a 409 that keeps what was typed; applying mine keeps theirs', async () => {
    const openedA = await open(ownerA, 'instalments');
    expect(value(openedA, '_version')).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const openedB = await open(ownerB, 'instalments');
    const savedB = await ownerB.postForm('/config/settings', withField(openedB, 'instalmentsMax', '1999.00'));
    expect(savedB.status).toBe(303);

    const typed = withField(openedA, 'instalmentsMin', '42.00');
    const res = await ownerA.postForm('/config/settings', typed);
    expect(res.status).toBe(409);
    const html = await plain(res);
    expect(html).toContain('Someone else changed this instalments section of the settings after you opened it.');
    expect(html).toMatch(/data-conflict-theirs[^>]*>Changed since you opened it: Offered for prices up to\.</);
    expect(html).toMatch(/data-conflict-yours[^>]*>Your changes: Offered for prices over\.</);
    expect(html).toContain(emailB);
    expect(value(formFields(html, 'settings-instalments'), 'instalmentsMin')).toBe('42.00');
    // Nothing of A's was written; B's change stands.
    const now = await open(ownerA, 'instalments');
    expect(value(now, 'instalmentsMin')).toBe(value(openedA, 'instalmentsMin'));
    expect(value(now, 'instalmentsMax')).toBe('1999.00');

    const applied = await ownerA.postForm('/config/settings', [...typed, ['_apply', 'mine'], ['_current', currentOf(html)]]);
    expect(applied.status, await applied.clone().text()).toBe(303);
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
    expect(body.typed.instalmentsMin).toBe('40.00');
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
