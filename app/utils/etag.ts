// The If-None-Match test, dependency-free: shared by the document cache (server bundle, before
// Remix) and the page routes' HTTP helpers, so the server bundle never pulls in zod or form helpers.

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for GET/HEAD). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string | null | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  const want = bare(etag);
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === want);
}
