// The form rules shared by the island and the server (app/forms/form-validation.ts): every rule
// and text of SPEC 5 "Forms", and the value shapes of SPEC 3 they read (app/forms/form-values.ts).
import { describe, expect, it } from 'vitest';
import { FormField } from '../../../app/forms/form-definition.js';
import { FORM_TEXT, validateField, validateForm } from '../../../app/forms/form-validation.js';
import { EXAMPLE_EMAIL, isEmail } from '../../../app/utils/email.js';
import { normalizeValues, readPosted } from '../../../app/forms/form-values.js';

const field = (f: Record<string, unknown>) => FormField.parse({ title: 'T', ...f });

describe('form validation (SPEC 5)', () => {
  it('has the spec texts, with an example address in the email message', () => {
    expect(FORM_TEXT.required).toBe('Required');
    expect(FORM_TEXT.email).toBe(`Email is not valid. Email addresses should follow the format ${EXAMPLE_EMAIL}.`);
    expect(FORM_TEXT.email).toBe('Email is not valid. Email addresses should follow the format name@example.com.');
    expect(FORM_TEXT.tooLong).toBe('You have exceeded the character limit.');
    expect(FORM_TEXT.invalid).toBe('One or more fields is invalid, please check your entries.');
    expect(FORM_TEXT.captcha).toBe('Complete CAPTCHA before submitting.');
  });

  it('requires a value in required text, multi-part, radio and select fields', () => {
    expect(validateField(field({ id: 'a', type: 'text', required: true }), '  ')).toBe('Required');
    expect(validateField(field({ id: 'a', type: 'text', required: true }), 'x')).toBeNull();
    expect(validateField(field({ id: 'a', type: 'text', required: false }), '')).toBeNull();
    expect(validateField(field({ id: 'n', type: 'name', required: true }), ['', ''])).toBe('Required');
    expect(validateField(field({ id: 'n', type: 'name', required: true }), ['Ada', ''])).toBeNull();
    const radio = field({ id: 'r', type: 'radio', options: ['A', 'B'], required: true });
    expect(validateField(radio, '')).toBe('Required');
    expect(validateField(radio, 'A')).toBeNull();
    const select = field({ id: 's', type: 'select', options: ['A'], required: true });
    expect(validateField(select, undefined)).toBe('Required');
  });

  it('needs one choice in a required checkbox group; never requires likert; skips sections', () => {
    const box = field({ id: 'c', type: 'checkbox', options: ['A', 'B'], required: true });
    expect(validateField(box, [])).toBe('Required');
    expect(validateField(box, ['B'])).toBeNull();
    expect(validateField(field({ id: 'l', type: 'likert', options: ['Q'], required: true }), {})).toBeNull();
    expect(validateField(field({ id: 's', type: 'section' }), undefined)).toBeNull();
  });

  it('checks an email when given: pattern and 3..256 characters; empty optional passes', () => {
    const optional = field({ id: 'e', type: 'email' });
    const required = field({ id: 'e', type: 'email', required: true });
    expect(validateField(optional, '')).toBeNull();
    expect(validateField(required, '')).toBe('Required');
    expect(validateField(optional, 'not-an-email')).toBe(FORM_TEXT.email);
    expect(validateField(optional, 'a@b')).toBe(FORM_TEXT.email);
    expect(validateField(optional, 'ada@example.com')).toBeNull();
    const long = `${'a'.repeat(245)}@example.com`; // 257 characters
    expect(long.length).toBe(257);
    expect(isEmail(long)).toBe(false);
    expect(isEmail(long.slice(1))).toBe(true);
    expect(validateField(optional, long)).toBe(FORM_TEXT.email);
    // The one check every email field uses (app/utils/email.ts): an internationalised domain is an
    // address; a one-letter top-level domain, a second @, a space or an underscore in the domain is not.
    for (const ok of ['jo@bücher.de', 'a.b+c@mail.example.co.uk', 'x@xn--bcher-kva.de']) expect(isEmail(ok), ok).toBe(true);
    for (const bad of ['a@example.c', 'a@@example.com', 'a b@example.com', 'a@exa_mple.com', 'a@-x.com', 'a@example.123', '@example.com'])
      expect(isEmail(bad), bad).toBe(false);
  });

  it('keeps a textarea within its maxLength (empty optional passes)', () => {
    const f = field({ id: 'm', type: 'textarea', maxLength: 5 });
    expect(validateField(f, 'abcde')).toBeNull();
    expect(validateField(f, 'abcdef')).toBe(FORM_TEXT.tooLong);
    expect(validateField(f, '')).toBeNull();
    // Characters, not UTF-16 units: five emoji fit in five.
    expect(validateField(f, '😀😀😀😀😀')).toBeNull();
  });

  it('collects every failing field by id', () => {
    const fields = [field({ id: 'a', type: 'text', required: true }), field({ id: 'e', type: 'email' })];
    expect(validateForm(fields, { a: '', e: 'x' })).toEqual({ a: 'Required', e: FORM_TEXT.email });
    expect(validateForm(fields, { a: 'y', e: '' })).toEqual({});
  });
});

describe('form values (SPEC 3 shapes)', () => {
  const fields = [
    field({ id: 'n', type: 'name' }),
    field({ id: 'p', type: 'phone' }),
    field({ id: 'c', type: 'checkbox', options: ['A', 'B'] }),
    field({ id: 'r', type: 'radio', options: ['A', 'B'] }),
    field({ id: 'l', type: 'likert', options: ['Tea?'] }),
    field({ id: 'h', type: 'hidden', key: 'utm_source', value: 'direct' }),
  ];

  it('reads a posted page form into the value shapes; hidden from the query, else its default', () => {
    const posted = new URLSearchParams([
      ['n.first', 'Ada'],
      ['n.last', 'Lovelace'],
      ['p.area', '902'],
      ['p.prefix', '555'],
      ['p.line', '0148'],
      ['c', 'B'],
      ['c', 'Z'],
      ['r', 'A'],
      ['l.0', 'Agree'],
      ['h', 'forged'],
    ]);
    const v = readPosted(fields, posted, new URLSearchParams('utm_source=mail'));
    expect(v).toEqual({ n: ['Ada', 'Lovelace'], p: ['', '902', '555', '0148'], c: ['B'], r: 'A', l: { 'Tea?': 'Agree' }, h: 'mail' });
    expect(readPosted(fields, posted).h).toBe('direct');
  });

  it('brings JSON answers to the same shapes, and refuses a non-object', () => {
    expect(normalizeValues(fields, [])).toBeNull();
    const v = normalizeValues(fields, { n: ['Ada'], c: 'A', r: 3, l: { 'Tea?': 'Maybe' } })!;
    expect(v.n).toEqual(['Ada', '']);
    expect(v.c).toEqual(['A']);
    expect(v.r).toBe('3');
    expect(v.l).toEqual({});
    expect(v.p).toEqual(['', '', '', '']);
  });
});
