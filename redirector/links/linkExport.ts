/**
 * The CSV export of an owner's links as a stream (docs/api.md#links), for the API's download and
 * `me links export` alike: a batch of links is read per query as the reader asks for more.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Scope } from '../auth/scope';
import { LINK_CSV_COLUMNS } from '../contract/lists';
import { linkToCsvRow } from './linkCsv';
import type { LinkService } from './linkService';

async function* csvRows(links: LinkService, owner: Scope): AsyncGenerator<string[]> {
  for await (const batch of links.batches(owner)) {
    for (const link of batch) yield linkToCsvRow(link);
  }
}

/** The export's source and its CSV text; pipe them together (stream.pipeline) to catch a failure. */
export function linkCsvExport(links: LinkService, owner: Scope): { rows: Readable; csv: NodeJS.ReadWriteStream } {
  // A bare line feed or carriage return is quoted too (the stringifier quotes only its own \r\n by itself).
  const csv = stringify({
    header: true,
    columns: [...LINK_CSV_COLUMNS],
    record_delimiter: 'windows',
    quoted_match: /[\r\n,"]/,
  });
  return { rows: Readable.from(csvRows(links, owner)), csv };
}
