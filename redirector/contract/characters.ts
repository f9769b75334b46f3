/**
 * How every "at most N characters" rule counts (docs/api.md#rules-and-their-messages): in Unicode
 * code points, so an emoji or a letter beyond the Basic Multilingual Plane is one character, as a
 * person counts it and as PostgreSQL's `length()` does, not two UTF-16 units. Pure; the server's
 * checks and the UI's counters share it.
 */

/** The number of characters in `text`. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** Whether `text` holds at most `max` characters (no count when its UTF-16 length already says so). */
export const withinCharacters = (text: string, max: number): boolean =>
  text.length <= max || characterCount(text) <= max;

/** `text` cut to its first `max` characters, never inside a surrogate pair. */
export function cutToCharacters(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  let count = 0;
  for (const character of text) {
    if (count === max) break;
    end += character.length;
    count += 1;
  }
  return text.slice(0, end);
}
