/**
 * A string made by joining pieces, turned into one flat string: V8 keeps a concatenation as a tree
 * of its pieces until a character of it is read, and then copies it into one string. A text that is
 * kept for a while (the click texts) is otherwise a tree of some thirty small strings that the
 * garbage collector copies one by one each time it survives a young-generation collection
 * (docs/performance.md#kept-texts-made-flat).
 */
export function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}
