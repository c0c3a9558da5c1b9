// The two-proportion z-test the dashboard uses to compare a variant's conversion with the
// control's: pooled proportion, standard error, z, and the two-sided p-value. Pure.

export interface ZTest {
  /** Conversion rates (0..1) of the control and the variant. */
  controlRate: number;
  variantRate: number;
  /** Variant rate minus control rate, in percentage points. */
  differencePoints: number;
  z: number;
  /** Two-sided p-value. */
  p: number;
  /** p below 0.05. */
  significant: boolean;
}

/** The standard normal CDF (Abramowitz and Stegun 7.1.26 for erf; error below 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * Compares `converted / visitors` of a variant (b) with the control (a). Null when either group
 * has no visitors, or when nobody or everybody converted in both (no variance: no test).
 */
export function twoProportionZTest(a: { visitors: number; converted: number }, b: { visitors: number; converted: number }): ZTest | null {
  if (a.visitors <= 0 || b.visitors <= 0) return null;
  const pa = a.converted / a.visitors;
  const pb = b.converted / b.visitors;
  const pooled = (a.converted + b.converted) / (a.visitors + b.visitors);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.visitors + 1 / b.visitors));
  if (se === 0) return null;
  const z = (pb - pa) / se;
  const p = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  return { controlRate: pa, variantRate: pb, differencePoints: (pb - pa) * 100, z, p, significant: p < 0.05 };
}
