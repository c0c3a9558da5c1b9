// The names the analytics dashboards give their figures: the funnel's steps and the Core Web
// Vitals with their ratings, in the order the tables show them. Pure: the report queries and the
// screens share them.
import type { Metric, Rating } from './constants.js';

export const FUNNEL_STEPS = ['productViews', 'addToCart', 'checkout', 'orders'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_LABELS: Record<FunnelStep, string> = {
  productViews: 'Product views',
  addToCart: 'Add to cart',
  checkout: 'Checkout',
  orders: 'Orders',
};

/** The metrics shown, in the order the tables show them. */
export const VITALS = ['lcp', 'fcp', 'cls', 'inp', 'ttfb'] as const satisfies readonly Metric[];
export type Vital = (typeof VITALS)[number];

export const VITAL_LABELS: Record<Vital, string> = {
  lcp: 'Largest contentful paint',
  fcp: 'First contentful paint',
  cls: 'Cumulative layout shift',
  inp: 'Interaction to next paint',
  ttfb: 'Time to first byte',
};

export const VITAL_SHORT: Record<Vital, string> = { lcp: 'LCP', fcp: 'FCP', cls: 'CLS', inp: 'INP', ttfb: 'TTFB' };

export const RATING_LABELS: Record<Rating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };
