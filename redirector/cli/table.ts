/** Rows as a plain-text table for a terminal: numbers right-aligned, text left-aligned. */

export type Cell = string | number;

// Control characters (a name typed with a tab or an escape sequence) would break the columns or
// the terminal: shown as `?`.
const CONTROL = /\p{Cc}/gu;

export function formatTable(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const text = rows.map((row) => row.map((cell) => String(cell).replace(CONTROL, '?')));
  const widths = header.map((title, column) => Math.max(title.length, ...text.map((row) => row[column]?.length ?? 0)));
  const numeric = header.map((_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === 'number'));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...text.map(line)].join('\n');
}
