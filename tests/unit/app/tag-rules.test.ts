// Tag and category names (SPEC 5 and 9): cleaned up as typed, at most 50 / 25 characters, the same
// name whatever its letter case, and the texts of the manager filled in for the type.
import { describe, expect, it } from 'vitest';
import {
  distinctNames,
  mergeQuestion,
  normalizeTagName,
  removeQuestion,
  sameTagName,
  TAG_TEXT,
  tagLength,
  tagNameProblem,
  tagTypeOf,
  titleOf,
} from '../../../app/config/tag-rules.js';

describe('normalizeTagName', () => {
  it('trims and collapses every run of white space to one space', () => {
    expect(normalizeTagName('  wall   art ')).toBe('wall art');
    expect(normalizeTagName('plant\t\n dyed')).toBe('plant dyed');
    expect(normalizeTagName('\u00a0gift\u2003card\u00a0')).toBe('gift card');
    expect(normalizeTagName('   ')).toBe('');
  });

  it('composes accents so the same word is stored one way', () => {
    expect(normalizeTagName('cafe\u0301')).toBe('caf\u00e9');
  });
});

describe('tagNameProblem', () => {
  it('takes a tag of 50 characters and refuses 51, saying the limit and the length', () => {
    expect(tagNameProblem('tag', 'x'.repeat(50))).toBeNull();
    const problem = tagNameProblem('tag', 'x'.repeat(51));
    expect(problem).toBe(TAG_TEXT.tooLong('tag', 51));
    expect(problem).toContain('50');
    expect(problem).toContain('51');
  });

  it('takes a category of 25 characters and refuses 26', () => {
    expect(tagNameProblem('category', 'y'.repeat(25))).toBeNull();
    expect(tagNameProblem('category', 'y'.repeat(26))).toBe(
      'A category can be at most 25 characters long; this one has 26. Shorten it and try again.',
    );
  });

  it('counts characters, not UTF-16 units', () => {
    const emoji = '\u{1F3FA}'.repeat(25);
    expect(emoji.length).toBe(50);
    expect(tagLength(emoji)).toBe(25);
    expect(tagNameProblem('category', emoji)).toBeNull();
  });

  it('refuses an empty name and control characters', () => {
    expect(tagNameProblem('tag', '')).toBe('Enter a name for the tag.');
    expect(tagNameProblem('category', '')).toBe('Enter a name for the category.');
    expect(tagNameProblem('tag', 'bad\u0007bell')).toBe(TAG_TEXT.control('tag'));
  });
});

describe('names and texts', () => {
  it('treats names differing only in case as the same', () => {
    expect(sameTagName('Gift', 'gift')).toBe(true);
    expect(sameTagName('gift', 'gifts')).toBe(false);
  });

  it('drops exact repeats and keeps the order', () => {
    expect(distinctNames(['b', 'a', 'b', 'A'])).toEqual(['b', 'a', 'A']);
  });

  it('fills in the type in the spec texts', () => {
    expect(TAG_TEXT.exists('tag')).toBe('This tag already exists');
    expect(TAG_TEXT.exists('category')).toBe('This category already exists');
    expect(TAG_TEXT.oneAtATime('tag')).toBe('You may only edit one tag at a time');
    expect(TAG_TEXT.oneAtATime('category')).toBe('You may only edit one category at a time');
  });

  it('says that every item with the tag will be updated before removing it', () => {
    expect(removeQuestion('tag', ['gift'], 9)).toBe('Remove the tag “gift”? All 9 items with this tag will be updated.');
    expect(removeQuestion('category', ['Prints', 'Digital'], 1)).toBe(
      'Remove the categories “Prints”, “Digital”? The 1 item with these categories will be updated.',
    );
    expect(mergeQuestion('tag', ['a', 'b'], 3)).toContain('All 3 items');
  });

  it('reads the type from a query string, tags by default', () => {
    expect(tagTypeOf('category')).toBe('category');
    expect(tagTypeOf('tag')).toBe('tag');
    expect(tagTypeOf('Category')).toBe('tag');
    expect(tagTypeOf(null)).toBe('tag');
    expect(titleOf('category', true)).toBe('Categories');
  });
});
