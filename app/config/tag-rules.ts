// The rules of tag and category names (SPEC 5 and 9), pure so the screen, the server and the unit
// tests share them: how a typed name is cleaned up, how long it may be, when two names are the same,
// and the texts the tag and category manager shows.

export const TAG_TYPES = ['tag', 'category'] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** SPEC 9: a tag is at most 50 characters, a category at most 25. */
export const TAG_MAX_LENGTH: Record<TagType, number> = { tag: 50, category: 25 };

export function isTagType(v: unknown): v is TagType {
  return v === 'tag' || v === 'category';
}

/** The type a query string or form asks for; anything else means tags (the screen's default). */
export function tagTypeOf(v: unknown): TagType {
  return isTagType(v) ? v : 'tag';
}

export const TAG_TEXT = {
  // SPEC 5, verbatim with {tagType} filled in.
  exists: (t: TagType) => `This ${t} already exists`,
  oneAtATime: (t: TagType) => `You may only edit one ${t} at a time`,
  existsMerge: (t: TagType) => `This ${t} already exists. To combine the two, select both and merge them.`,
  empty: (t: TagType) => `Enter a name for the ${t}.`,
  tooLong: (t: TagType, length: number) =>
    `A ${t} can be at most ${TAG_MAX_LENGTH[t]} characters long; this one has ${length}. Shorten it and try again.`,
  control: (t: TagType) => `A ${t} name cannot contain control characters.`,
  chooseItems: (t: TagType) => `Choose at least one item to add the ${t} to.`,
  foreignItems: 'Some of the chosen items are not on this site. Reload the page and choose again.',
  chooseOne: (t: TagType) => `Select the ${t} to edit.`,
  chooseSome: (t: TagType) => `Select at least one ${t}.`,
  chooseTwo: (t: TagType) => `Select two or more ${plural(t)} to merge.`,
  gone: (t: TagType) => `No item uses this ${t} any more. Reload the page to see the current list.`,
};

export function plural(t: TagType): string {
  return t === 'tag' ? 'tags' : 'categories';
}

/** "Tag" / "Category", or "Tags" / "Categories" for `many`: headings and notices. */
export function titleOf(t: TagType, many = false): string {
  if (t === 'tag') return many ? 'Tags' : 'Tag';
  return many ? 'Categories' : 'Category';
}

/** Trims and turns every run of white space (line breaks and tabs too) into one space. */
export function normalizeTagName(raw: string): string {
  return raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** The length as people count it: characters, not UTF-16 code units. */
export function tagLength(name: string): number {
  return [...name].length;
}

/** What is wrong with an already normalised name, or null when it may be saved. */
export function tagNameProblem(t: TagType, name: string): string | null {
  if (name === '') return TAG_TEXT.empty(t);
  if (/[\u0000-\u001f\u007f-\u009f]/u.test(name)) return TAG_TEXT.control(t);
  const length = tagLength(name);
  if (length > TAG_MAX_LENGTH[t]) return TAG_TEXT.tooLong(t, length);
  return null;
}

/** Names are the same tag when they differ only in letter case ("Gift" and "gift"). */
export function sameTagName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The names without repeats (exact repeats only: the owner picked them from the list), in order. */
export function distinctNames(names: readonly string[]): string[] {
  return [...new Set(names)];
}

function quoted(names: readonly string[]): string {
  return names.map((n) => `“${n}”`).join(', ');
}

/** The question of the removal step (SPEC 8: every item with the tag will be updated). */
export function removeQuestion(t: TagType, names: readonly string[], items: number): string {
  const one = names.length === 1;
  const what = one ? `the ${t} ${quoted(names)}` : `the ${plural(t)} ${quoted(names)}`;
  const who = items === 1 ? 'The 1 item' : `All ${items} items`;
  return `Remove ${what}? ${who} with ${one ? `this ${t}` : `these ${plural(t)}`} will be updated.`;
}

/** The question of the merge step. */
export function mergeQuestion(t: TagType, names: readonly string[], items: number): string {
  const who = items === 1 ? 'The 1 item' : `All ${items} items`;
  return `Merge the ${plural(t)} ${quoted(names)} into one? ${who} with any of them will be updated to have the surviving ${t} once.`;
}
