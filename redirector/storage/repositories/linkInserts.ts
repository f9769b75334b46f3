/**
 * Many links inserted in a few statements (imports: docs/api.md#import-and-export): a batch of
 * rows per INSERT, their tags and click-limit rows per statement too, so that 10,000 links take
 * tens of round trips, not tens of thousands. A taken short code answers no row instead of an
 * error (which on PostgreSQL would end the transaction); a random one is drawn again.
 */
import { columnList, type Executor, type SqlParam } from '../executor';
import type { LinkRecord, NewLink } from '../records';
import type { NewTaggedLink } from '../store';
import { LINK_COLUMNS, LINK_OPTION_DEFAULTS, LINK_SHAPE } from './columns';

export const NEW_LINK_COLUMNS = LINK_COLUMNS.filter((column) => column !== 'id');
type NewLinkColumn = (typeof NEW_LINK_COLUMNS)[number];

/** Links per INSERT: about 20 parameters each, far below either engine's limit (SQLite 32,766). */
export const LINKS_PER_INSERT = 500;
/** Tag rows per INSERT (two parameters each). */
const TAGS_PER_INSERT = 2000;
const RANDOM_ATTEMPTS = 20;

const COLUMNS = columnList(LINK_COLUMNS);
const ROW = `(${NEW_LINK_COLUMNS.map(() => '?').join(', ')})`;

/** A new link's value of one column, options left out taking their defaults. */
export function newLinkValue(link: Omit<NewLink, 'short_code'>, column: Exclude<NewLinkColumn, 'short_code'>) {
  const value = link[column];
  return value === undefined ? LINK_OPTION_DEFAULTS[column as keyof typeof LINK_OPTION_DEFAULTS] : value;
}

function rowValues(link: NewTaggedLink, shortCode: string): SqlParam[] {
  return NEW_LINK_COLUMNS.map((column) => (column === 'short_code' ? shortCode : newLinkValue(link, column)));
}

/** Rows of `(a, b)` pairs in statements of at most `perStatement` rows. */
async function insertPairs(tx: Executor, table: string, columns: string, pairs: SqlParam[][], perStatement: number) {
  for (let start = 0; start < pairs.length; start += perStatement) {
    const batch = pairs.slice(start, start + perStatement);
    await tx.run(`INSERT INTO ${table} (${columns}) VALUES ${batch.map(() => '(?, ?)').join(', ')}`, batch.flat());
  }
}

export function insertTags(tx: Executor, linkId: number, tags: readonly string[]): Promise<void> {
  return insertPairs(
    tx,
    'link_tags',
    'link_id, tag',
    tags.map((tag) => [linkId, tag]),
    TAGS_PER_INSERT,
  );
}

/** One INSERT of `batch`: the row each code got, by code (a code twice in the batch is inserted once). */
async function insertBatch(
  tx: Executor,
  batch: { link: NewTaggedLink; code: string }[],
): Promise<Map<string, LinkRecord>> {
  const rows = await tx.all<LinkRecord>(
    `INSERT INTO links (${columnList(NEW_LINK_COLUMNS)}) VALUES ${batch.map(() => ROW).join(', ')}
     ON CONFLICT (short_code) DO NOTHING RETURNING ${COLUMNS}`,
    batch.flatMap(({ link, code }) => rowValues(link, code)),
    LINK_SHAPE,
  );
  return new Map(rows.map((row) => [row.short_code, row]));
}

/**
 * Inserts the links (in `tx`) in order, each with its tags and click-limit row: the stored row,
 * or undefined when its short code was taken (or every random one tried was).
 */
export async function insertLinks(
  tx: Executor,
  links: readonly NewTaggedLink[],
  randomCode: () => string,
): Promise<(LinkRecord | undefined)[]> {
  const stored = new Array<LinkRecord | undefined>(links.length).fill(undefined);
  let pending = links.map((link, index) => ({ link, index, code: link.short_code ?? randomCode() }));
  for (let attempt = 0; attempt < RANDOM_ATTEMPTS && pending.length > 0; attempt++) {
    const again: typeof pending = [];
    for (let start = 0; start < pending.length; start += LINKS_PER_INSERT) {
      const batch = pending.slice(start, start + LINKS_PER_INSERT);
      const rows = await insertBatch(tx, batch);
      for (const item of batch) {
        const row = rows.get(item.code);
        rows.delete(item.code);
        if (row !== undefined) stored[item.index] = row;
        else if (item.link.short_code === undefined) again.push({ ...item, code: randomCode() });
      }
    }
    pending = again;
  }
  const created = stored.flatMap((row, index) => (row === undefined ? [] : [{ row, tags: links[index]!.tags }]));
  const tagPairs = created.flatMap(({ row, tags }) => tags.map((tag) => [row.id, tag]));
  await insertPairs(tx, 'link_tags', 'link_id, tag', tagPairs, TAGS_PER_INSERT);
  // A new link has no clicks: its click-limit row starts at 0 (clickQuota.ts).
  const quotas = created.flatMap(({ row }) => (row.max_clicks === null ? [] : [[row.id, 0]]));
  await insertPairs(tx, 'link_click_quota', 'link_id, used', quotas, TAGS_PER_INSERT);
  return stored;
}
