/** The spreadsheet guard of every CSV export (docs/api.md#import-and-export). Pure. */

/** `= + - @`, their full-width forms (spreadsheets read those as the same), tab and carriage return. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A spreadsheet would run a cell starting like a formula: a leading `'` makes it text. */
export function guardCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Removes the `'` that guardCell added, and only that one. */
export function unguardCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
