// Which pages are never recorded (SPEC 2 and 6): the owner area, search, and the not-found,
// lock-screen and member-area-access-denied pages. Pure: the page pipeline uses it to leave the
// collector out, and the ingest endpoints to refuse what a client sends anyway.
import { PageType } from '../../engine/ts/enums.js';

export const UNRECORDED_PAGE_TYPES: ReadonlySet<number> = new Set([
  PageType.NOT_FOUND,
  PageType.LOCK_SCREEN,
  PageType.MEMBER_AREA_ACCESS_DENIED,
]);

/** Whether a path may be recorded at all (not /config, not /search, nor anything under them). */
export function pathRecordable(path: string): boolean {
  const p = path.toLowerCase();
  return !(p === '/config' || p.startsWith('/config/') || p === '/search' || p.startsWith('/search/'));
}

export function pageRecordable(path: string, pageType: number | undefined): boolean {
  return pathRecordable(path) && (pageType === undefined || !UNRECORDED_PAGE_TYPES.has(pageType));
}
