// Whether parsed JSON can be stored: within a nesting depth, and free of text the database cannot
// hold, NUL (PostgreSQL text refuses it) and lone surrogates (not Unicode). Shared by the cart's
// JSON API and the owner's commerce preferences.

/**
 * Walks without recursion, so 5,000 levels of nesting are refused rather than overflowing a stack
 * later. `maxDepth` counts objects and arrays: 0 allows only a scalar.
 */
export function isCleanJson(root: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000') || !v.isWellFormed()) return false;
    } else if (v !== null && typeof v === 'object') {
      if (depth >= maxDepth) return false;
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000') || !k.isWellFormed()) return false;
        stack.push([child, depth + 1]);
      }
    }
  }
  return true;
}
