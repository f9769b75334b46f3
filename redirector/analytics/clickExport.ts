/**
 * A link's clicks as CSV or NDJSON (docs/api.md#analytics): every human click of the range,
 * oldest first, read a page at a time by keyset, so memory stays flat however many there are.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Click } from '../contract/clicks';
import { guardCell } from '../links/linkCsv';
import type { TimeRange } from '../storage/analyticsQueries';
import { NEW_CLICK_COLUMNS } from '../storage/repositories/columns';
import type { Store } from '../storage/store';
import { toApiClick } from '../visits/clickPresenter';

export const CLICK_EXPORT_FORMATS = ['csv', 'ndjson'] as const;
export type ClickExportFormat = (typeof CLICK_EXPORT_FORMATS)[number];
/**
 * Clicks per page read. Each page's rows and their CSV cells are alive together: exporting
 * 130,000 clicks of a million, two runs each on a busy VM, pages of 500 left the server 12 MB
 * smaller than pages of 2,000 (RSS 254 against 266 MB, peak 282–290 against 304), and the
 * export took no longer.
 */
export const CLICK_PAGE = 500;

/** The columns of the CSV: the Click fields, the stored ones in their table order. */
export const CLICK_CSV_COLUMNS = ['id', 'created_at', ...NEW_CLICK_COLUMNS] as const satisfies readonly (keyof Click)[];

async function* clickPages(store: Store, linkId: number, range: TimeRange | undefined): AsyncGenerator<Click[]> {
  let after: { clickedAt: number; id: number } | undefined;
  for (;;) {
    const page = await store.analytics.clickPage(linkId, { range, after, limit: CLICK_PAGE });
    if (page.length === 0) return;
    yield page.map(toApiClick);
    const last = page[page.length - 1]!;
    after = { clickedAt: last.clicked_at, id: last.id };
    if (page.length < CLICK_PAGE) return;
  }
}

function csvCells(click: Click): string[] {
  return CLICK_CSV_COLUMNS.map((column) => {
    const value = click[column];
    return guardCell(value === null ? '' : String(value));
  });
}

/**
 * The export: `output` is the text to send, fed by `input` (the same stream for NDJSON; the CSV
 * stringifier's backpressure paces the page reads).
 */
export function clickExport(
  store: Store,
  linkId: number,
  range: TimeRange | undefined,
  format: ClickExportFormat,
): { input: Readable; output: NodeJS.ReadableStream & NodeJS.WritableStream } | { input: Readable; output: Readable } {
  if (format === 'ndjson') {
    const input = Readable.from(
      (async function* () {
        for await (const page of clickPages(store, linkId, range)) {
          yield page.map((click) => `${JSON.stringify(click)}\n`).join('');
        }
      })(),
    );
    return { input, output: input };
  }
  const csv = stringify({ header: true, columns: [...CLICK_CSV_COLUMNS], record_delimiter: 'windows' });
  const rows = Readable.from(
    (async function* () {
      for await (const page of clickPages(store, linkId, range)) for (const click of page) yield csvCells(click);
    })(),
  );
  return { input: rows, output: csv };
}
