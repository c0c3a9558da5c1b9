// The store theme's product page and product card as they were before migration 0050: without
// the scarcity notice (issue 30). The older template migrations'
// tests start from these, since 0050 moves on from what they leave.

/** `source`, a product page or card template, without 0050's scarcity line. */
export const withoutScarcity = (source: string) => source.replace(/ +\{@\|product-scarcity\}\n/, '');
