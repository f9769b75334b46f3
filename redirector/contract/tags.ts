/**
 * Tag rules both sides apply (docs/api.md#links): at most 10 tags a link, each trimmed and
 * lower-cased to 1–32 characters of a–z 0–9 - _, duplicates dropped. Pure.
 */
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 32;
export const TAGS_MUST_BE_LIST = 'Tags must be a list of text';
export const TOO_MANY_TAGS = `A link can have at most ${MAX_TAGS} tags`;

const TAG = /^[a-z0-9_-]+$/;

export type TagsResult = { ok: true; tags: string[] } | { ok: false; error: string };

/** The reason one tag (already trimmed and lower-cased) is not allowed, naming it; undefined when it is. */
export function tagProblem(tag: string): string | undefined {
  if (tag.length === 0) return 'Tags cannot be empty';
  if (tag.length > MAX_TAG_LENGTH || !TAG.test(tag)) {
    return `Tag "${tag}" must be 1-${MAX_TAG_LENGTH} characters of a-z, 0-9, - and _`;
  }
  return undefined;
}

/** The tags as stored, in the order given, or the first problem found. */
export function normaliseTags(input: unknown): TagsResult {
  if (!Array.isArray(input)) return { ok: false, error: TAGS_MUST_BE_LIST };
  const tags: string[] = [];
  for (const raw of input) {
    if (typeof raw !== 'string') return { ok: false, error: TAGS_MUST_BE_LIST };
    const tag = raw.trim().toLowerCase();
    const problem = tagProblem(tag);
    if (problem) return { ok: false, error: problem };
    if (!tags.includes(tag)) tags.push(tag);
  }
  if (tags.length > MAX_TAGS) return { ok: false, error: TOO_MANY_TAGS };
  return { ok: true, tags };
}

/** Tags typed as one line, separated by commas or spaces (the form's input). */
export function splitTagText(text: string): string[] {
  return text.split(/[\s,]+/).filter((tag) => tag !== '');
}
