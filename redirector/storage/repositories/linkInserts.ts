/**
 * Many links inserted in a few statements (imports: docs/api.md#import-and-export): a batch of
 * rows per INSERT, their tags and click-limit rows per statement too, so that 10,000 links take
 * tens of round trips, not tens of thousands. A taken short code answers no row instead of an
 * error (which on PostgreSQL would end the transaction); a random one is drawn again. A code is
 * unique per domain (the unique index over (domain or '', code)), and a code on one of an owner's
 * domains is refused on the owner's others (docs/api.md#custom-domains): one more query per batch
 * and owner reads the owner's codes among the batch's, on every domain.
 */
import { columnList, type Executor, type SqlParam } from '../executor';
import type { LinkRecord, NewLink } from '../records';
import type { NewTaggedLink } from '../store';
import { LINK_COLUMNS, LINK_OPTION_DEFAULTS, LINK_SHAPE } from './columns';
import { ownedByRow } from './scopeFilter';
import { type ValuesQuery, valuesAmong } from './valuesAmong';

export const NEW_LINK_COLUMNS = LINK_COLUMNS.filter((column) => column !== 'id');
type NewLinkColumn = (typeof NEW_LINK_COLUMNS)[number];

/** Links per INSERT: about 20 parameters each, far below either engine's limit (SQLite 32,766). */
export const LINKS_PER_INSERT = 500;
/** Tag rows per INSERT (two parameters each). */
const TAGS_PER_INSERT = 2000;
const RANDOM_ATTEMPTS = 20;

const COLUMNS = columnList(LINK_COLUMNS);
/**
 * One row's values: a link without a team (one a script or a test made with `user_id` alone) goes
 * into its user's personal team (docs/api.md#teams), so `team_id` takes two parameters.
 */
export const NEW_LINK_ROW = `(${NEW_LINK_COLUMNS.map((column) =>
  column === 'team_id' ? 'COALESCE(?, (SELECT t.id FROM teams t WHERE t.personal_user_id = ?))' : '?',
).join(', ')})`;
const ROW = NEW_LINK_ROW;

/** A new link's value of one column, options left out taking their defaults. */
export function newLinkValue(link: Omit<NewLink, 'short_code'>, column: Exclude<NewLinkColumn, 'short_code'>) {
  const value = link[column];
  return value === undefined ? LINK_OPTION_DEFAULTS[column as keyof typeof LINK_OPTION_DEFAULTS] : value;
}

/** The parameters of NEW_LINK_ROW for `link` with `shortCode`. */
export function newLinkParams(link: Omit<NewLink, 'short_code'>, shortCode: string): SqlParam[] {
  return NEW_LINK_COLUMNS.flatMap((column): SqlParam[] => {
    if (column === 'short_code') return [shortCode];
    if (column === 'team_id') return [newLinkValue(link, column) as SqlParam, link.user_id];
    return [newLinkValue(link, column) as SqlParam];
  });
}

const rowValues = (link: NewTaggedLink, shortCode: string): SqlParam[] => newLinkParams(link, shortCode);

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

type PendingLink = { link: NewTaggedLink; index: number; code: string };

/** A code's place: its domain ('' the default; a host has no space) and the code; the unique index's key. */
const placeOf = (domain: string | null | undefined, code: string) => `${domain ?? ''} ${code}`;

/** The team's codes among a batch's, as places, on every domain. */
const ownerPlaces = (teamId: number): ValuesQuery => {
  const owned = ownedByRow(teamId);
  return {
    sql: (list) =>
      `SELECT COALESCE(domain, '') || ' ' || short_code AS value FROM links WHERE ${owned.sql} AND short_code IN (${list})`,
    params: (batch) => [...owned.params, ...batch],
  };
};

/**
 * The batch's links an owner's other domain does not refuse: a code the owner has (or an earlier
 * link of the batch takes) on one domain is refused on the owner's others. The administrator's
 * links (no owner) are constrained by their domain's index alone.
 */
async function ownersAllow(tx: Executor, batch: readonly PendingLink[]): Promise<PendingLink[]> {
  const owners = [...new Set(batch.flatMap(({ link }) => (link.team_id == null ? [] : [link.team_id])))];
  const domainOfCode = new Map<string, string>();
  for (const owner of owners) {
    const codes = batch.filter(({ link }) => link.team_id === owner).map(({ code }) => code);
    for (const place of await valuesAmong(tx, ownerPlaces(owner), codes)) {
      const space = place.indexOf(' ');
      domainOfCode.set(`${owner} ${place.slice(space + 1)}`, place.slice(0, space));
    }
  }
  return batch.filter(({ link, code }) => {
    if (link.team_id == null) return true;
    const key = `${link.team_id} ${code}`;
    const domain = domainOfCode.get(key);
    if (domain !== undefined && domain !== (link.domain ?? '')) return false;
    domainOfCode.set(key, link.domain ?? '');
    return true;
  });
}

/**
 * Whether an owner's other domain may refuse some of `links`: not when every link goes on the
 * default domain and no owner has a link elsewhere (one query per owner, an import has one), so
 * that an import of the default domain's links pays nothing per batch.
 */
async function ownersConstrain(tx: Executor, links: readonly NewTaggedLink[]): Promise<boolean> {
  if (links.some((link) => link.team_id != null && link.domain != null)) return true;
  for (const owner of new Set(links.flatMap((link) => (link.team_id == null ? [] : [link.team_id])))) {
    const owned = ownedByRow(owner);
    if (await tx.get(`SELECT id FROM links WHERE ${owned.sql} AND domain IS NOT NULL LIMIT 1`, owned.params)) {
      return true;
    }
  }
  return false;
}

/** One INSERT of `batch`: the row each place got, by place (a place twice in the batch is inserted once). */
async function insertBatch(
  tx: Executor,
  batch: readonly PendingLink[],
  constrained: boolean,
): Promise<Map<string, LinkRecord>> {
  const allowed = constrained ? await ownersAllow(tx, batch) : batch;
  if (allowed.length === 0) return new Map();
  const rows = await tx.all<LinkRecord>(
    `INSERT INTO links (${columnList(NEW_LINK_COLUMNS)}) VALUES ${allowed.map(() => ROW).join(', ')}
     ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    allowed.flatMap(({ link, code }) => rowValues(link, code)),
    LINK_SHAPE,
  );
  return new Map(rows.map((row) => [placeOf(row.domain, row.short_code), row]));
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
  const constrained = await ownersConstrain(tx, links);
  let pending: PendingLink[] = links.map((link, index) => ({ link, index, code: link.short_code ?? randomCode() }));
  for (let attempt = 0; attempt < RANDOM_ATTEMPTS && pending.length > 0; attempt++) {
    const again: typeof pending = [];
    for (let start = 0; start < pending.length; start += LINKS_PER_INSERT) {
      const batch = pending.slice(start, start + LINKS_PER_INSERT);
      const rows = await insertBatch(tx, batch, constrained);
      for (const item of batch) {
        const place = placeOf(item.link.domain, item.code);
        const row = rows.get(place);
        rows.delete(place);
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
