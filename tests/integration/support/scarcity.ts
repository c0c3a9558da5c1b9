// The store theme's product page and product card as they were before migration 0048: without
// the scarcity notice (issue 30). The older template migrations'
// tests start from these, since 0048 moves on from what they leave.

/** `source`, a product page or card template, without 0048's scarcity line. */
export const withoutScarcity = (source: string) => source.replace(/ +\{@\|product-scarcity\}\n/, '');
