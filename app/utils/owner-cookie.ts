// The owner's session cookie by name, for everyone who looks for it: the owner sessions (app/auth) and
// the server, which sends a signed-in owner's reads to the primary (app/server/main.ts, bundled apart).
export const OWNER_COOKIE = 'owner_session';

const carried = new RegExp(`(?:^|;)\\s*${OWNER_COOKIE}=`);

/** Whether a Cookie header carries the owner's session cookie (present only: its signature is not checked). */
export function hasOwnerCookie(header: string | null | undefined): boolean {
  return header != null && carried.test(header);
}
