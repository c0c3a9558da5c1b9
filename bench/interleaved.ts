// Interleaved timing for head-to-head comparisons (the grid against its hand-written limit):
// tinybench runs one task after another, so a machine that slows down mid-run favours one side.
// Here every round runs each function once, in an order that rotates, and medians are compared.

export interface InterleavedResult {
  /** Median time of one call, microseconds. */
  medianUs: number;
  samples: number;
}

/**
 * Times `fns` in `rounds` rounds (after `warmup` untimed ones); in each round each function runs
 * `batch` calls back to back, timed together, and the starting function moves by one each round.
 */
export function interleaved(
  fns: Record<string, () => unknown>,
  opts: { rounds?: number; warmup?: number; batch?: number } = {},
): Record<string, InterleavedResult> {
  const names = Object.keys(fns);
  const rounds = opts.rounds ?? 400;
  const warmup = opts.warmup ?? 50;
  const batch = opts.batch ?? 1;
  const times: number[][] = names.map(() => []);
  let sink = 0;
  for (let r = 0; r < warmup + rounds; r++) {
    for (let k = 0; k < names.length; k++) {
      const i = (r + k) % names.length;
      const fn = fns[names[i]];
      const t0 = performance.now();
      for (let b = 0; b < batch; b++) sink ^= fn() === undefined ? 0 : 1;
      const t = performance.now() - t0;
      if (r >= warmup) times[i].push((t * 1000) / batch);
    }
  }
  // Keeps the results observable, so that no call can be dropped as dead code.
  if (sink === 2) console.log('');
  const out: Record<string, InterleavedResult> = {};
  names.forEach((n, i) => {
    const sorted = times[i].sort((a, b) => a - b);
    out[n] = { medianUs: sorted[sorted.length >> 1], samples: sorted.length };
  });
  return out;
}
