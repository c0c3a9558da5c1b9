// Time zone transitions for the browser build, one zone at a time: engine/browser-build.mjs puts
// this table in place of @phensley/timezone's data (all zones, 29 KB gzip) and emits a file per zone.

/** Raised when a render needs a zone that loadTimeZone has not brought in: an error, not a wrong date. */
export class ZoneNotLoadedError extends Error {}

const loaded = new Map<number, string>();
let ids: string[] = [];

/**
 * The `zoneinfo` array that @phensley/timezone's TzImpl reads, by canonical zone index. TzImpl
 * decodes an entry the first time a date in that zone is formatted; an entry not loaded yet
 * throws, so a render without its zone reports an error instead of printing the date in UTC.
 */
export function zoneInfoTable(zoneids: string): string[] {
  ids = zoneids.split('|');
  return new Proxy([] as string[], {
    get(target, key) {
      if (key === 'length') return ids.length;
      if (typeof key !== 'string' || !/^\d+$/.test(key)) return Reflect.get(target, key);
      const raw = loaded.get(Number(key));
      if (raw === undefined) throw new ZoneNotLoadedError(`Time zone ${ids[Number(key)]} is not loaded (loadTimeZone)`);
      return raw;
    },
    // TzImpl blanks an entry once decoded, to free it; a zone's text is small, so it stays.
    set: () => true,
  });
}

/** Whether the transitions of a canonical zone id are in. */
export function hasZone(id: string): boolean {
  return loaded.has(ids.indexOf(id));
}

/** Adds the transitions of a canonical zone id (the default export of its zones/ file). */
export function addZone(id: string, raw: string): void {
  const i = ids.indexOf(id);
  if (i >= 0) loaded.set(i, raw);
}
