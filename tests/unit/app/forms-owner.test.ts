// The owner side of forms, pure parts: SPEC 3's properties per field type in the builder, answers
// as text with "N/A", CSV cells (quoting, formula injection) and the webhook's internal addresses.
import { describe, expect, it } from 'vitest';
import { FIELD_PROPERTIES, newField, parseFieldForm } from '../../../app/forms/form-builder.js';
import { answerText, csvCell, csvRow, NO_ANSWER } from '../../../app/forms/submission-values.js';
import { isInternalAddress } from '../../../app/utils/safe-fetch.server.js';
import { signPayload } from '../../../app/forms/webhook.server.js';

describe('field properties', () => {
  it('gives each type exactly SPEC 3 properties', () => {
    expect(FIELD_PROPERTIES.section).toEqual(['description', 'underline']);
    expect(FIELD_PROPERTIES.hidden).toEqual(['key', 'value']);
    expect(FIELD_PROPERTIES.textarea).toContain('maxLength');
    expect(FIELD_PROPERTIES.text).not.toContain('maxLength');
    expect(FIELD_PROPERTIES.phone).toEqual(['description', 'showCountryCode', 'required']);
  });

  it('reads only the type’s own properties from a post, with errors per property', () => {
    const form = new URLSearchParams({ title: 'Notes', maxLength: '500', required: 'on', underline: 'on', key: 'x' });
    const ok = parseFieldForm('textarea-1', 'textarea', form);
    expect(ok).toEqual({
      ok: true,
      field: { id: 'textarea-1', type: 'textarea', title: 'Notes', description: '', placeholder: '', required: true, maxLength: 500 },
    });
    const bad = parseFieldForm('radio-1', 'radio', new URLSearchParams({ title: '', options: '\n \n' }));
    expect(bad).toEqual({ ok: false, fields: { title: 'Required', options: 'Required' } });
  });

  it('makes new fields with unique ids', () => {
    expect(newField('email', ['email-1']).id).toBe('email-2');
    expect(newField('select', [])).toMatchObject({ options: ['Option 1', 'Option 2'] });
  });
});

describe('answers and CSV', () => {
  it('shows N/A for answers with none and joins multi-part values', () => {
    expect(answerText({ type: 'text' }, '')).toBe(NO_ANSWER);
    expect(answerText({ type: 'checkbox' }, [])).toBe(NO_ANSWER);
    expect(answerText({ type: 'name' }, ['Ada', 'Lovelace'])).toBe('Ada Lovelace');
    expect(answerText({ type: 'likert' }, { Tidy: 'Agree', Quick: '' })).toBe('Tidy: Agree');
  });

  it('quotes cells and defuses formulas', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1,5')).toBe(`"'-1,5"`);
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('plain')).toBe('plain');
    expect(csvRow(['a', 'b\nc'])).toBe('a,"b\nc"\r\n');
  });
});

describe('webhooks', () => {
  it('knows internal addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isInternalAddress(ip), ip).toBe(true);
    for (const ip of ['93.184.216.34', '2606:4700::1111', '172.32.0.1']) expect(isInternalAddress(ip), ip).toBe(false);
  });

  it('signs timestamp.body with HMAC-SHA256', () => {
    expect(signPayload('secret', '1700000000', '{}')).toBe('sha256=b8569b78799ff9e3cbff0fc2d63a33a2b57f3282abd07c37ae5e8e7d79a5f163');
  });
});
