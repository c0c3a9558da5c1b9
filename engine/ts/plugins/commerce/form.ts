// summary-form-field: one submitted form answer as the order summary shows it (title, then the
// value laid out by field type: address block, date, name, phone, time, likert table...).
import type { Context } from '../../context.js';
import { child, keysOf, str, text, truthy } from './util.js';

const LOCALIZED = ['localizedStrings'];

/** Likert answers by value, each with the localizedStrings key that overrides its text. */
const LIKERT: ReadonlyArray<[string, string, string]> = [
  ['-2', 'Strongly Disagree', 'productAnswerMapStronglyDisagree'],
  ['-1', 'Disagree', 'productAnswerMapDisagree'],
  ['0', 'Neutral', 'productAnswerMapNeutral'],
  ['1', 'Agree', 'productAnswerMapAgree'],
  ['2', 'Strongly Agree', 'productAnswerMapStronglyAgree'],
];

/** The likert answer texts, overridden by localizedStrings entries that are strings. */
function likertAnswers(strings: unknown): Map<string, string> {
  const m = new Map<string, string>();
  for (const [value, dflt, key] of LIKERT) {
    const v = child(strings, key);
    m.set(value, typeof v === 'string' ? v : dflt);
  }
  return m;
}

const BOLD = '<span style="font-weight:bold;">';

/** A single answer: scalars print (0 and false included); empty, objects and lists are no answer. */
function single(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
      return String(v);
    default:
      return '';
  }
}

/** A checkbox answer given as a single value: its text when truthy, else no answer. */
function checkboxValue(v: unknown): string {
  return truthy(v) ? text(v) : '';
}

/** A time part: the value when truthy, else two zeros. */
function timePart(v: unknown): string {
  return truthy(v) ? text(v) : '00';
}

function fieldValue(ctx: Context, field: unknown, strings: unknown): string | null {
  const values = child(field, 'values');
  const p = (k: string) => text(child(values, k));
  switch (child(field, 'type')) {
    case 'address': {
      const line2 = child(values, 'Line2');
      return (
        '<div style="padding-left:5px;">\n  <div>' +
        p('Line1') +
        '</div>\n' +
        (truthy(line2) ? '  <div>' + text(line2) + '</div>\n' : '') +
        '  <div>' +
        p('City') +
        ', ' +
        p('State') +
        ' ' +
        p('Zip') +
        ' ' +
        p('Country') +
        '</div>\n</div>'
      );
    }
    case 'checkbox':
      if (truthy(values)) {
        return (Array.isArray(values) ? values.map(text).join(', ') : '') + '\n';
      }
      return checkboxValue(child(field, 'value'));
    case 'date':
      return p('Month') + '/' + p('Day') + '/' + p('Year');
    case 'likert': {
      if (values === undefined || values === null) {
        ctx.error('Unexpected TypeError error when executing VARIABLE: Cannot convert undefined or null to object');
        return null;
      }
      const answers = likertAnswers(strings);
      let out = '<div style="padding-left:5px;">\n';
      for (const k of keysOf(values)) {
        const answer = answers.get(text((values as Record<string, unknown>)[k]));
        // An unknown or empty answer reads as neutral.
        out += '  <div>' + BOLD + k + ':</span> ' + (answer || answers.get('0')) + '</div>\n';
      }
      return out + '</div>';
    }
    case 'name':
      return p('First') + ' ' + p('Last');
    case 'phone': {
      const country = child(values, 'Country');
      return (truthy(country) ? '+' + text(country) + ' ' : '') + p('Areacode') + '-' + p('Prefix') + '-' + p('Line');
    }
    case 'time':
      return (
        timePart(child(values, 'Hour')) +
        ':' +
        timePart(child(values, 'Minute')) +
        ':' +
        timePart(child(values, 'Second')) +
        ' ' +
        p('Ampm')
      );
    default:
      return single(child(field, 'value'));
  }
}

/** The summary block of one form field; null when the published engine fails on it. */
export function summaryFormField(ctx: Context, field: unknown): string | null {
  const strings = ctx.resolve(LOCALIZED);
  const value = fieldValue(ctx, field, strings);
  if (value === null) return null;
  // No answer: "N/A", or the site's productSummaryFormNoAnswerText when it has any text.
  const none = value === '' ? str(child(strings, 'productSummaryFormNoAnswerText')).trim() || 'N/A' : value;
  return '<div style="font-size:11px; margin-top:3px">\n  ' + BOLD + str(child(field, 'rawTitle')) + ':</span> ' + none + '\n</div>';
}
