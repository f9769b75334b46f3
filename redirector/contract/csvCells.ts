/** The spreadsheet guard of every CSV export (docs/api.md#import-and-export). Pure. */

/**
 * `= + - @`, their full-width forms (spreadsheets read those as the same), tab and carriage return,
 * after any number of `'`: a cell that already starts with `'` before one of them gets one more,
 * so that import, which removes one, gives the text back (`'=x` → `''=x` → `'=x`).
 */
const FORMULA_START = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A spreadsheet would run a cell starting like a formula: a leading `'` makes it text. */
export function guardCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Removes the `'` that guardCell added, and only that one. */
export function unguardCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
