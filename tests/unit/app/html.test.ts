// The app's one HTML escaper: every character that could end a text or a quoted attribute.
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../app/utils/html.js';

describe('escapeHtml', () => {
  it('escapes the five characters markup gives a meaning, and leaves the rest', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    expect(escapeHtml('Café — 10 €')).toBe('Café — 10 €');
  });
  it('escapes an ampersand once, so an entity typed by the owner shows as typed', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
