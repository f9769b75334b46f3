/**
 * A link's clicks as CSV or NDJSON (docs/api.md#analytics): every human click of the range,
 * oldest first, read a page at a time by keyset, so memory stays flat however many there are.
 */
import { Readable } from 'node:stream';
import type { Click } from '../contract/clicks';
import { guardCell } from '../links/linkCsv';
import type { TimeRange } from '../storage/analyticsQueries';
import type { ClickRecord } from '../storage/records';
import { NEW_CLICK_COLUMNS } from '../storage/repositories/columns';
import type { Store } from '../storage/store';
import { toApiClick } from '../visits/clickPresenter';

export const CLICK_EXPORT_FORMATS = ['csv', 'ndjson'] as const;
export type ClickExportFormat = (typeof CLICK_EXPORT_FORMATS)[number];
/**
 * Clicks per page read, per engine; the next page is read while this one is sent, so two are
 * alive at most. SQLite's pages are local reads: small pages keep the server small (pages of 500
 * left it 12 MB smaller than pages of 2,000 after a 130,000-click export). Each PostgreSQL page
 * is a round trip and a read transaction: the busiest bench link's 133,017 clicks took 2.6 s in
 * pages of 1,000 (1.25 s of the database's CPU) and 1.7 s in pages of 5,000 (0.57 s) on a loaded
 * machine; at ten million clicks (its 1,336,004 clicks, a quiet machine) pages of 5,000 took
 * 11.1 s with the server's RSS peaking at 306 MB, pages of 2,000 10.9 s and 265 MB, pages of 1,000
 * 9.9 s and 248 MB (docs/performance.md).
 */
export const CLICK_PAGE: Readonly<Record<Store['kind'], number>> = { sqlite: 1_000, postgres: 2_000 };

/** The columns of the CSV: the Click fields, the stored ones in their table order. */
export const CLICK_CSV_COLUMNS = ['id', 'created_at', ...NEW_CLICK_COLUMNS] as const satisfies readonly (keyof Click)[];

/** Who an export is for: the administrator's carries visitor addresses, a link owner's never (docs/api.md#analytics). */
export type ClickExportReader = 'administrator' | 'owner';

/** The stored columns an owner's export carries: all but `ip_address`. */
const OWNER_COLUMNS = NEW_CLICK_COLUMNS.filter((column) => column !== 'ip_address');

/**
 * The pages in order. The next page is read while the caller formats and sends this one (the
 * database's work and ours overlap); never more than two pages are held.
 */
async function* clickPages(store: Store, linkId: number, range: TimeRange | undefined): AsyncGenerator<ClickRecord[]> {
  const limit = CLICK_PAGE[store.kind];
  const read = (after?: { clickedAt: number; id: number }) => {
    const page = store.analytics.clickPage(linkId, { range, after, limit });
    // Awaited below; if the answer is abandoned first, its failure must not go unhandled.
    page.catch(() => undefined);
    return page;
  };
  let next = read();
  for (;;) {
    const page = await next;
    if (page.length === 0) return;
    const last = page[page.length - 1]!;
    const more = page.length === limit;
    if (more) next = read({ clickedAt: last.clicked_at, id: last.id });
    yield page;
    if (!more) return;
  }
}

/** One RFC 4180 cell: quoted when it holds a quote, a comma or a line break. */
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A cell that may need the formula guard (links/linkCsv.ts) or quotes: the first test passes most. */
const PLAIN = /^[^=+\-@\t\r][^",\r\n]*$/;
function textCell(value: string | null): string {
  if (value === null || value === '') return '';
  return PLAIN.test(value) ? value : csvCell(guardCell(value));
}

/**
 * A click's CSV line, straight from the stored row: created_at is clicked_at in ISO 8601 (as
 * toApiClick gives it); numbers and booleans need neither quotes nor the guard.
 */
function csvLine(click: ClickRecord, columns: readonly (typeof NEW_CLICK_COLUMNS)[number][]): string {
  let line = `${click.id},${new Date(click.clicked_at).toISOString()}`;
  for (const column of columns) {
    const value = click[column];
    line += `,${typeof value === 'string' || value === null ? textCell(value) : String(value)}`;
  }
  return `${line}\r\n`;
}

const ndjsonLine = (click: ClickRecord) => `${JSON.stringify(toApiClick(click))}\n`;
const ownerNdjsonLine = (click: ClickRecord) => {
  const { ip_address: _address, ...shown } = toApiClick(click);
  return `${JSON.stringify(shown)}\n`;
};

/**
 * The export as a stream of text, one chunk per page, each page read once the response has taken
 * the previous one (the stream's backpressure). CSV: a header row, then a line per click, each
 * ending in CRLF, formula-guarded as the links' CSV (links/linkCsv.ts); an owner's without
 * `ip_address` (column and field). Whole pages are formatted
 * at once: row by row through a CSV stream, the formatting took more CPU than the reads.
 */
export function clickExport(
  store: Store,
  linkId: number,
  range: TimeRange | undefined,
  format: ClickExportFormat,
  reader: ClickExportReader = 'administrator',
): Readable {
  const owner = reader === 'owner';
  const columns = owner ? OWNER_COLUMNS : NEW_CLICK_COLUMNS;
  const csv = (click: ClickRecord) => csvLine(click, columns);
  const line = format === 'csv' ? csv : owner ? ownerNdjsonLine : ndjsonLine;
  const header = owner ? CLICK_CSV_COLUMNS.filter((column) => column !== 'ip_address') : CLICK_CSV_COLUMNS;
  return Readable.from(
    (async function* () {
      if (format === 'csv') yield `${header.join(',')}\r\n`;
      for await (const page of clickPages(store, linkId, range)) yield page.map(line).join('');
    })(),
  );
}
