// Who may see what (issue 16, SPEC 2 and 6): the site's password, then the page's own rule (a
// password, signed-in site users, or the members of an area). Pure: the storefront pipeline asks
// it for every page, tests ask it directly.

/** A member area as the rules and the screens need it. */
export interface MemberArea {
  id: string;
  name: string;
  /** False: free (a signed-in site user joins it with one click). */
  paid: boolean;
  /** The subscription product that sells a paid area (its price and period); null when none is left. */
  itemId: string | null;
}

/** A page's rule; `lock` tells one password from the next (see app/access/unlock.server.ts). */
export type PageRule = { kind: 'password'; lock: string } | { kind: 'signed-in' } | { kind: 'members'; areaId: string };

/** Every rule of a site, read once per catalog change. */
export interface SiteAccess {
  /** The site-wide password's lock, or null when the site is open. */
  siteLock: string | null;
  /** By collection id (a page, a listing, a blog: the collection and its items). */
  pages: Record<string, PageRule>;
  areas: Record<string, MemberArea>;
}

/** What the visitor brings: the locks opened in this session, and the signed-in site user. */
export interface Visitor {
  unlocked: ReadonlySet<string>;
  /** Null when nobody is signed in; `areas` are the ids of the areas the user belongs to. */
  user: { id: string; areas: ReadonlySet<string> } | null;
}

export type Decision =
  /** The page as usual; `restricted` when it is not for everyone (never publicly cached). */
  | { kind: 'open'; restricted: boolean }
  /** Lock screen (103): the password of `scope` ('site' or the collection id) is wanted. */
  | { kind: 'locked'; scope: string; lock: string }
  /** Protected content (105): a page for signed-in site users, and nobody is signed in. */
  | { kind: 'sign-in'; area: MemberArea | null }
  /** Member area access denied (106): signed in, but not a member of a free area. */
  | { kind: 'denied'; area: MemberArea }
  /** Paywall (107): the area is paid and the visitor is not a member. */
  | { kind: 'paywall'; area: MemberArea };

export const SITE_SCOPE = 'site';

/** The token a session keeps once the lock `lock` of `scope` is opened. */
export function unlockToken(scope: string, lock: string): string {
  return `${scope}:${lock}`;
}

/**
 * The decision for a page of collection `collectionId` (null: a page of no collection, such as
 * search, the cart or not-found, which only the site's password can close).
 */
export function decide(access: SiteAccess, collectionId: string | null, visitor: Visitor): Decision {
  if (access.siteLock !== null && !visitor.unlocked.has(unlockToken(SITE_SCOPE, access.siteLock))) {
    return { kind: 'locked', scope: SITE_SCOPE, lock: access.siteLock };
  }
  const rule = collectionId === null ? undefined : access.pages[collectionId];
  if (!rule) return { kind: 'open', restricted: access.siteLock !== null };
  switch (rule.kind) {
    case 'password':
      return visitor.unlocked.has(unlockToken(collectionId!, rule.lock))
        ? { kind: 'open', restricted: true }
        : { kind: 'locked', scope: collectionId!, lock: rule.lock };
    case 'signed-in':
      return visitor.user ? { kind: 'open', restricted: true } : { kind: 'sign-in', area: null };
    case 'members': {
      const area = access.areas[rule.areaId];
      // An area deleted behind the rule's back (the foreign key forbids it): nobody gets in.
      if (!area) return { kind: 'sign-in', area: null };
      if (visitor.user?.areas.has(area.id)) return { kind: 'open', restricted: true };
      if (area.paid) return { kind: 'paywall', area };
      return visitor.user ? { kind: 'denied', area } : { kind: 'sign-in', area };
    }
  }
}
