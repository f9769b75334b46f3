/**
 * A case-insensitive substring search over text columns, the same on both stores
 * (docs/api.md#lists-pages-search-sort-tags): every letter's case, not only A–Z. PostgreSQL's LOWER
 * folds every letter. SQLite's folds only A–Z, so a search text with other letters folds the columns
 * with `unicode_lower` (sqlite/database.ts), a JavaScript function SQLite calls for each row, about
 * three times as dear as its own LOWER: only the searches that need it pay it. Both fold as foldCase
 * does, so a Greek word's final sigma and a Turkish dotted capital I match the same on both.
 */
import type { Executor } from '../executor';

/**
 * Text folded the same way on both stores: lower-cased, with the two letters JavaScript and
 * PostgreSQL lower differently made one. JavaScript writes a word's last capital sigma as the final
 * `ς` and PostgreSQL as `σ`, so `ς` is read as `σ`; JavaScript lowers `İ` to `i` with a combining dot
 * and PostgreSQL to a plain `i`, so that dot is dropped. SQLite's `unicode_lower` is this function.
 */
export function foldCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .replace(/i\u0307/g, 'i');
}

/** `!` escapes LIKE's wildcards: a search for `50%` finds that text, not every "50". */
function containsPattern(text: string): string {
  return `%${foldCase(text).replace(/[!%_]/g, '!$&')}%`;
}

/** Whether `text` has a character beyond ASCII (whose case SQLite's LOWER does not fold). */
const beyondAscii = (text: string) => /[\u0080-\uffff]/.test(text);

/** The function that folds a column's case for a search of `q`. */
export function caseFold(engine: Executor['engine'], q: string): 'LOWER' | 'unicode_lower' {
  return engine === 'sqlite' && beyondAscii(q) ? 'unicode_lower' : 'LOWER';
}

/** `(fold(c1) LIKE ? … OR fold(cN) LIKE ?)` with one pattern of `q` for each column. */
export function containsAny(
  engine: Executor['engine'],
  columns: readonly string[],
  q: string,
): { sql: string; params: string[] } {
  const pattern = containsPattern(q);
  // PostgreSQL's LOWER keeps a written final sigma `ς`: folded as foldCase does, only when it matters.
  const fold =
    engine === 'postgres' && pattern.includes('σ')
      ? (column: string) => `REPLACE(LOWER(${column}), 'ς', 'σ')`
      : (column: string) => `${caseFold(engine, q)}(${column})`;
  return {
    sql: `(${columns.map((column) => `${fold(column)} LIKE ? ESCAPE '!'`).join(' OR ')})`,
    params: columns.map(() => pattern),
  };
}
