// The store theme's product page as it was before migration 0048: without the scarcity notice
// (issue 30). The older template migrations' tests start from it, since 0048 moves on from what they leave.

/** `source`, a product page template, without 0048's scarcity line. */
export const withoutScarcity = (source: string) => source.replace(/ {4}\{@\|product-scarcity\}\n/, '');
