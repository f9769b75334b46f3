/**
 * Links as CSV rows and back (docs/api.md#import-and-export): the column list lives in
 * contract/lists.ts; this file says what each column holds. Pure.
 */

import { LINK_OPTIONS, type LinkOptionName, linkOptionsOfKind } from '../contract/linkFields';
import type { Link } from '../contract/links';
import { CSV_TAG_SEPARATOR, IGNORED_IMPORT_COLUMNS, LINK_CSV_COLUMNS, type LinkCsvColumn } from '../contract/lists';

/**
 * An option's cell, by its kind (contract/linkFields.ts): country targets, variants and rules as JSON, since a `|` list
 * would be ambiguous where `|` stands unescaped in a URL.
 */
function optionCell(link: Link, name: LinkOptionName): string | number | boolean | null {
  const value = link[name];
  const kind = LINK_OPTIONS[name].kind;
  if (kind !== 'countryAddresses' && kind !== 'variants' && kind !== 'rules') {
    return value as string | number | boolean | null;
  }
  return Object.keys(value as object).length === 0 ? '' : JSON.stringify(value);
}

/** Each other column's cell: adding a column to the list without saying what it holds fails to compile. */
const CELLS: { [column in Exclude<LinkCsvColumn, LinkOptionName>]: (link: Link) => string | number | boolean | null } =
  {
    short_code: (link) => link.short_code,
    target_url: (link) => link.target_url,
    title: (link) => link.title,
    tags: (link) => link.tags.join(CSV_TAG_SEPARATOR),
    created_at: (link) => link.created_at,
    clicks: (link) => link.total_clicks,
    unique_visitors: (link) => link.unique_visitors,
    has_password: (link) => link.has_password,
    domain: (link) => link.domain,
  };

function cellOf(link: Link, column: LinkCsvColumn): string | number | boolean | null {
  return Object.hasOwn(LINK_OPTIONS, column)
    ? optionCell(link, column as LinkOptionName)
    : CELLS[column as Exclude<LinkCsvColumn, LinkOptionName>](link);
}

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

/** One link as the cells of an export row, in LINK_CSV_COLUMNS order. */
export function linkToCsvRow(link: Link): string[] {
  return LINK_CSV_COLUMNS.map((column) => {
    const value = cellOf(link, column);
    return guardCell(value === null ? '' : String(value));
  });
}

const KNOWN_COLUMNS: ReadonlySet<string> = new Set<string>([...LINK_CSV_COLUMNS, ...IGNORED_IMPORT_COLUMNS]);
const IGNORED: ReadonlySet<string> = new Set<string>(IGNORED_IMPORT_COLUMNS);
const FLAGS: ReadonlySet<string> = new Set<string>(linkOptionsOfKind('flag'));

/** The columns an import reads, as a refused header's message names them (docs/api.md#import-and-export). */
const ACCEPTED_COLUMNS = LINK_CSV_COLUMNS.filter((column) => !IGNORED.has(column)).join(', ');

/**
 * The header's problem, naming the columns at fault and, when a column is unknown or missing, the
 * columns an import accepts; undefined when the header is usable.
 */
export function importHeaderProblem(header: readonly string[]): string | undefined {
  const unknown = header.filter((column) => !KNOWN_COLUMNS.has(column));
  if (unknown.length > 0) return `Unknown columns: ${unknown.join(', ')}. Accepted columns: ${ACCEPTED_COLUMNS}`;
  const repeated = header.filter((column, index) => header.indexOf(column) !== index);
  if (repeated.length > 0) return `Repeated columns: ${[...new Set(repeated)].join(', ')}`;
  if (!header.includes('target_url')) return `The CSV needs a target_url column. Accepted columns: ${ACCEPTED_COLUMNS}`;
  return undefined;
}

/**
 * One data row as a create call's body, for the same validation as a create. Empty cells are
 * absent fields (defaults apply); flags read true/false (1/0 and yes/no too, as spreadsheets write them).
 */
export function csvRowToLinkBody(header: readonly string[], cells: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  header.forEach((column, index) => {
    if (IGNORED.has(column)) return;
    const cell = unguardCell(cells[index] ?? '').trim();
    // An empty domain is the default domain; without the column, the owner's verified domain.
    if (column === 'domain') body.domain = cell === '' ? null : cell;
    if (cell === '' || column === 'domain') return;
    if (column === 'tags')
      body.tags = cell
        .split(CSV_TAG_SEPARATOR)
        .map((tag) => tag.trim())
        .filter(Boolean);
    else if (FLAGS.has(column)) body[column] = flagOf(cell);
    else if (column === 'max_clicks') body.max_clicks = /^\d{1,10}$/.test(cell) ? Number(cell) : cell;
    else if (column === 'geo_targets' || column === 'variants' || column === 'rules') body[column] = jsonOf(cell);
    else body[column] = cell;
  });
  return body;
}

/** The cell's JSON; the text itself when it is none (the create's validation names the field). */
function jsonOf(cell: string): unknown {
  try {
    return JSON.parse(cell);
  } catch {
    return cell;
  }
}

function flagOf(cell: string): boolean | string {
  const value = cell.toLowerCase();
  if (value === 'true' || value === '1' || value === 'yes') return true;
  if (value === 'false' || value === '0' || value === 'no') return false;
  // Left as text: the create's validation names the field.
  return cell;
}
