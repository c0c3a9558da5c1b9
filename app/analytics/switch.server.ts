// The global switch of SPEC 6: with ANALYTICS_DISABLED=1 (or true) nothing is recorded, and pages
// carry no collector.
export function analyticsEnabled(): boolean {
  const v = (process.env.ANALYTICS_DISABLED ?? '').trim().toLowerCase();
  return !(v === '1' || v === 'true' || v === 'yes');
}
