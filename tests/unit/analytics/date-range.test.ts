// The dashboards' date range: presets ending today, custom dates clamped and swapped, the previous
// period of the same length, the comparison box, and a clear fallback for dates not understood.
import { describe, expect, it } from 'vitest';
import { changePercent, MAX_RANGE_DAYS, parseDateRange, rangeQuery } from '../../../app/analytics/date-range.js';

const parse = (q: Record<string, string>, today = '2026-11-23') => parseDateRange(new URLSearchParams(q), today);

describe('parseDateRange', () => {
  it('defaults to the last 30 days, compared', () => {
    const { range, error } = parse({});
    expect(error).toBeNull();
    expect(range).toEqual({
      preset: '30',
      from: '2026-10-25',
      to: '2026-11-23',
      days: 30,
      prevFrom: '2026-09-25',
      prevTo: '2026-10-24',
      compare: true,
    });
  });

  it('takes a preset; the sent form without the box means no comparison', () => {
    expect(parse({ range: '7' }).range).toMatchObject({
      from: '2026-11-17',
      to: '2026-11-23',
      prevFrom: '2026-11-10',
      prevTo: '2026-11-16',
      compare: false,
    });
    expect(parse({ range: '90', compare: '1' }).range).toMatchObject({ days: 90, compare: true });
  });

  it('takes custom dates, swapped when reversed and clamped to today and to the longest range', () => {
    expect(parse({ range: 'custom', from: '2026-03-10', to: '2026-03-01' }).range).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-10',
      days: 10,
      prevFrom: '2026-02-19',
      prevTo: '2026-02-28',
    });
    expect(parse({ range: 'custom', from: '2026-11-20', to: '2027-01-01' }).range).toMatchObject({ from: '2026-11-20', to: '2026-11-23' });
    expect(parse({ range: 'custom', from: '2020-01-01', to: '2026-11-23' }).range.days).toBe(MAX_RANGE_DAYS);
  });

  it('falls back to the last 30 days with a message when the dates are not understood', () => {
    const cases: Record<string, string>[] = [
      { range: 'custom', from: '2026-02-30', to: '2026-03-01' },
      { range: 'year' },
      { range: 'custom', from: '2026-01-01' },
    ];
    for (const q of cases) {
      const { range, error } = parse(q);
      expect(range.days).toBe(30);
      expect(error).toMatch(/Showing the last 30 days\.$/);
    }
  });

  it('writes the range back as a query string, and computes changes', () => {
    expect(rangeQuery(parse({ range: 'custom', from: '2026-03-01', to: '2026-03-10', compare: '1' }).range)).toBe(
      'range=custom&from=2026-03-01&to=2026-03-10&compare=1',
    );
    expect(changePercent(120, 100)).toBe(20);
    expect(changePercent(0, 0)).toBe(0);
    expect(changePercent(5, 0)).toBeNull();
  });
});
