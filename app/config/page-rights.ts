// What a role may do to one page (and the blocks on it), and the one line the page editor says
// about it, derived from the permission matrix (app/auth/roles.ts, ADR 0010) so screen and server agree.
import { can } from '../auth/roles.js';

export const PAGE_RIGHTS_TEXT = {
  readOnly: 'Your role can look at pages but not change them.',
  draftsOnly: 'Your role can save a page as a draft or for review; an editor publishes it.',
  live: 'This page is published: your role cannot change it; an editor can.',
};

/** The page statuses visitors never see; every other status (Published, Scheduled, Private) is live. */
export const DRAFT_STATUSES: readonly string[] = ['draft', 'needs-review'];

/**
 * Whether visitors see (or will see, when its time comes) a page with this status. Changing such a
 * page or its blocks, even saving it "as a draft", changes the live site: that needs `pages.publish`.
 */
export function isLiveStatus(status: string): boolean {
  return !DRAFT_STATUSES.includes(status);
}

export interface PageRights {
  /** The form may be saved (and the page's blocks changed). */
  canWrite: boolean;
  canPublish: boolean;
  /** The page may be deleted by this role (the home page never is). */
  canDelete: boolean;
  /** The one sentence shown about what this role cannot do here; null when it can do everything. */
  hint: string | null;
}

/**
 * `page`: the page being edited (`live`: its status shows it to visitors now or later; `wasLive`:
 * it is or ever was live), or null for a new page.
 */
export function pageRights(role: number, page: { live: boolean; wasLive: boolean; isHome: boolean } | null): PageRights {
  const write = can(role, 'pages.write');
  const publish = can(role, 'pages.publish');
  if (!write) return { canWrite: false, canPublish: false, canDelete: false, hint: PAGE_RIGHTS_TEXT.readOnly };
  if (publish) return { canWrite: true, canPublish: true, canDelete: page !== null && !page.isHome, hint: null };
  // Without the publish right: drafts only, and only drafts that were never live may be deleted.
  const live = page?.live ?? false;
  return {
    canWrite: !live,
    canPublish: false,
    canDelete: page !== null && !page.isHome && !page.wasLive,
    hint: live ? PAGE_RIGHTS_TEXT.live : PAGE_RIGHTS_TEXT.draftsOnly,
  };
}
