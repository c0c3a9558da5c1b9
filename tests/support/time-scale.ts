// How long tests wait before they call something hung: TEST_TIME_SCALE times what a developer's
// machine needs (default 1). CI sets it (.ci/run): its 2-core machine, running every part at once,
// was once three times slower than the one these limits were set on. A passing test never waits
// for its limit, so a larger one costs only the time a hung test takes to be reported.
const TIME_SCALE = Math.max(1, Number(process.env.TEST_TIME_SCALE) || 1);

/** `ms` scaled by TEST_TIME_SCALE. */
export function scaled(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}
