import type { Scope } from '../../auth/scope';
import { MAX_TAGS } from '../../contract/tags';
import { LinkLimitReached, TagsChangedMeanwhile } from '../errors';
import { type AfterWrite, columnList, type Executor } from '../executor';
import type { LinkChanges, LinkRecord, RedirectLink } from '../records';
import type { InsertOptions, InsertOutcome, LinkRepository, NewTaggedLink } from '../store';
import { clickQuotaQueries } from './clickQuota';
import { CHANGEABLE_LINK_COLUMNS, LINK_COLUMNS, LINK_SHAPE } from './columns';
import type { LinkCountQueries } from './linkCounts';
import { insertLinks, insertTags, NEW_LINK_COLUMNS, NEW_LINK_ROW, newLinkParams } from './linkInserts';
import { countLinksSql, selectLinks } from './linkLists';
import { moveLinksToTeam } from './linkTeamMoves';
import { ownedBy, ownedByRow, whereReached } from './scopeFilter';
import { type ValuesQuery, valuesAmong } from './valuesAmong';

const COLUMNS = columnList(LINK_COLUMNS);

const INSERT_SQL = `
  INSERT INTO links (${columnList(NEW_LINK_COLUMNS)})
  VALUES ${NEW_LINK_ROW} RETURNING ${COLUMNS}`;
/** The link's own columns; its counts come from the engine's LinkCountQueries. */
// Built once: the SQLite executor finds its prepared statement by this text on every redirect-path miss.
const BY_ID_SQL = `SELECT ${COLUMNS} FROM links WHERE id = ?`;
// By the unique index's expression, so one statement serves every domain ('' is the default).
const BY_SHORT_CODE_SQL = `SELECT ${COLUMNS} FROM links WHERE COALESCE(domain, '') = ? AND short_code = ?`;
const FOR_REDIRECT_SQL = `
  SELECT ${columnList(LINK_COLUMNS, 'l')}, COALESCE(u.disabled, false) AS owner_disabled
  FROM links l LEFT JOIN users u ON u.id = l.user_id WHERE COALESCE(l.domain, '') = ? AND l.short_code = ?`;
/** The link's team's other links with its code on another domain (`owner`: scopeFilter's condition). */
const ownerCodeElsewhereSql = (owner: string) => `
  SELECT id FROM links WHERE ${owner} AND short_code = ? AND COALESCE(domain, '') <> ? AND id <> ?`;
const REDIRECT_SHAPE = { ...LINK_SHAPE, booleans: [...(LINK_SHAPE.booleans ?? []), 'owner_disabled'] };

const ownedCountSql = (owner: string) => `SELECT COUNT(*) AS n FROM links WHERE ${owner}`;

/**
 * The codes a new link of the scope on `domain` may not take (docs/api.md#custom-domains): taken on
 * that domain (by the unique index's expression), or by the owner on another domain (by
 * (user_id, short_code)); the administrator's links have no owner, and no other domain constrains
 * their codes.
 */
function takenCodes(domain: string | null, scope: Scope): ValuesQuery {
  const onDomain = (list: string) =>
    `SELECT short_code AS value FROM links WHERE COALESCE(domain, '') = ? AND short_code IN (${list})`;
  if (scope.owner.kind === 'admin') return { sql: onDomain, params: (batch) => [domain ?? '', ...batch] };
  const owned = ownedBy(scope);
  return {
    sql: (list) => `${onDomain(list)}
      UNION SELECT short_code FROM links WHERE ${owned.sql} AND COALESCE(domain, '') <> ? AND short_code IN (${list})`,
    params: (batch) => [domain ?? '', ...batch, ...owned.params, domain ?? '', ...batch],
  };
}

/**
 * Id lists are padded to a power of two (with an id no row has), so that a handful of statement
 * texts serve every list length and SQLite's statement cache stays small.
 */
function paddedIds(ids: readonly number[]): number[] {
  let size = 1;
  while (size < ids.length) size *= 2;
  return [...ids, ...new Array<number>(size - ids.length).fill(0)];
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const placeholders = (count: number) => new Array<string>(count).fill('?').join(', ');

/** The links in one transaction, each stored or 'taken'; LinkLimitReached when they would pass `maxLinks`. */
function insertManyLinks(
  db: Executor,
  links: readonly NewTaggedLink[],
  { maxLinks, randomCode, afterInsert }: InsertOptions,
) {
  return db.transaction(async (tx) => {
    const owner = links[0]?.team_id ?? null;
    let room = Number.POSITIVE_INFINITY;
    if (maxLinks !== undefined && owner !== null) {
      // Two creates at the limit must not both pass: PostgreSQL queues them on the team's row;
      // SQLite's transactions already run one at a time (BEGIN IMMEDIATE).
      if (tx.engine === 'postgres') await tx.get('SELECT id FROM teams WHERE id = ? FOR UPDATE', [owner]);
      const condition = ownedByRow(owner);
      const owned = await tx.get<{ n: number }>(ownedCountSql(condition.sql), condition.params);
      room = maxLinks - owned!.n;
    }
    const stored = await insertLinks(tx, links, randomCode);
    if (stored.filter((row) => row !== undefined).length > room) throw new LinkLimitReached(maxLinks!);
    const outcomes: InsertOutcome[] = stored.map((row) => row ?? 'taken');
    await afterInsert?.(tx, outcomes);
    return outcomes;
  });
}

/** Each link's tags, in code-point order. */
async function tagsOfLinks(db: Executor, linkIds: readonly number[]): Promise<Map<number, string[]>> {
  const tags = new Map<number, string[]>(linkIds.map((id) => [id, []]));
  if (linkIds.length === 0) return tags;
  const ids = paddedIds(linkIds);
  const sql = `SELECT link_id, tag FROM link_tags WHERE link_id IN (${placeholders(ids.length)}) ORDER BY link_id, tag`;
  // The bound is a hint: without statistics (autovacuum off, or tables just filled) PostgreSQL
  // scanned every tag for a page's (99,000 of them, 9–18 ms) instead of walking the primary
  // key (0.1 ms). Each link holds at most MAX_TAGS; should one hold more, it is read again.
  const bound = ids.length * MAX_TAGS;
  let rows = await db.all<{ link_id: number; tag: string }>(`${sql} LIMIT ?`, [...ids, bound]);
  if (rows.length === bound) rows = await db.all(sql, ids);
  for (const row of rows) tags.get(row.link_id)?.push(row.tag);
  // In code-point order whatever the database's collation.
  for (const list of tags.values()) list.sort(byCodePoint);
  return tags;
}

/** The tags in use on the links the scope reaches, with their number of links. */
async function tagCountsOf(db: Executor, scope: Scope) {
  const where = whereReached(scope, 'l');
  const rows =
    where.sql === ''
      ? await db.all<{ name: string; links: number }>(
          'SELECT tag AS name, COUNT(*) AS links FROM link_tags GROUP BY tag',
        )
      : await db.all<{ name: string; links: number }>(
          `SELECT lt.tag AS name, COUNT(*) AS links FROM link_tags lt JOIN links l ON l.id = lt.link_id
           ${where.sql} GROUP BY lt.tag`,
          where.params,
        );
  return rows.sort((a, b) => byCodePoint(a.name, b.name));
}

/** TagsChangedMeanwhile unless the link's tags are still `were`; on PostgreSQL the row stays locked until the end. */
async function checkTagsUnchanged(tx: Executor, id: number, were: readonly string[]): Promise<void> {
  if (tx.engine === 'postgres') await tx.get('SELECT id FROM links WHERE id = ? FOR UPDATE', [id]);
  const now = (await tagsOfLinks(tx, [id])).get(id) ?? [];
  const sorted = [...were].sort(byCodePoint);
  if (now.length !== sorted.length || now.some((tag, index) => tag !== sorted[index])) throw new TagsChangedMeanwhile();
}

/**
 * The link's changed columns, its tags when given and `afterWrite`'s work (its audit entry) in one
 * transaction; undefined when there is no such link.
 */
function updateLink(
  db: Executor,
  findById: (id: number) => Promise<LinkRecord | undefined>,
  id: number,
  changes: LinkChanges,
  options: { tags?: readonly string[]; tagsWere?: readonly string[]; afterWrite?: AfterWrite<LinkRecord> } = {},
): Promise<LinkRecord | undefined> {
  const columns = CHANGEABLE_LINK_COLUMNS.filter((column) => changes[column] !== undefined);
  if (columns.length === 0 && options.tags === undefined && !options.afterWrite) return findById(id);
  return db.transaction(async (tx) => {
    if (options.tagsWere !== undefined) await checkTagsUnchanged(tx, id, options.tagsWere);
    const updated =
      columns.length === 0
        ? await tx.get<LinkRecord>(BY_ID_SQL, [id], LINK_SHAPE)
        : await tx.get<LinkRecord>(
            `UPDATE links SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE id = ? RETURNING ${COLUMNS}`,
            [...columns.map((column) => changes[column] ?? null), id],
            LINK_SHAPE,
          );
    if (updated === undefined) return undefined;
    if (changes.max_clicks !== undefined) await clickQuotaQueries(tx).limitChanged(id, updated.max_clicks);
    if (options.tags !== undefined) {
      await tx.run('DELETE FROM link_tags WHERE link_id = ?', [id]);
      await insertTags(tx, id, options.tags);
    }
    await options.afterWrite?.(tx, updated);
    return updated;
  });
}

export function createLinkRepository(db: Executor, counts: LinkCountQueries): LinkRepository {
  const findById = (id: number) => db.get<LinkRecord>(BY_ID_SQL, [id], LINK_SHAPE);
  const quota = clickQuotaQueries(db);

  return {
    async create(link) {
      const row = await db.get<LinkRecord>(INSERT_SQL, newLinkParams(link, link.short_code), LINK_SHAPE);
      if (row!.max_clicks !== null) await quota.limitChanged(row!.id, row!.max_clicks);
      return row!;
    },
    update: (id, changes, options) => updateLink(db, findById, id, changes, options),
    insertMany: (links, options) => insertManyLinks(db, links, options),
    moveToTeam: (moves, target, afterWrite) => moveLinksToTeam(db, moves, target, afterWrite),
    tagsOf: (linkIds) => tagsOfLinks(db, linkIds),
    tagCounts: (scope) => tagCountsOf(db, scope),
    reserveClick: quota.reserve,
    countedClicks: quota.counted,
    delete: (id, afterDelete) =>
      db.transaction(async (tx) => {
        const deleted = (await tx.run('DELETE FROM links WHERE id = ?', [id])) > 0;
        if (deleted) await afterDelete?.(tx, id);
        return deleted;
      }),
    findById,
    findByShortCode: (shortCode, domain) =>
      db.get<LinkRecord>(BY_SHORT_CODE_SQL, [domain ?? '', shortCode], LINK_SHAPE),
    takenShortCodes: (shortCodes, where) => valuesAmong(db, takenCodes(where.domain, where.scope), shortCodes),
    async ownedCount(scope) {
      const owned = ownedBy(scope);
      return (await db.get<{ n: number }>(ownedCountSql(owned.sql), owned.params))!.n;
    },
    findForRedirect: (shortCode, domain) =>
      db.get<RedirectLink>(FOR_REDIRECT_SQL, [domain ?? '', shortCode], REDIRECT_SHAPE),
    async ownerCodeElsewhere(link, domain) {
      const owner = ownedByRow(link.team_id);
      const params = [...owner.params, link.short_code, domain ?? '', link.id];
      return (await db.get(ownerCodeElsewhereSql(owner.sql), params)) !== undefined;
    },
    list: (filter) => counts.list(filter),
    counts: (id) => counts.counts(id),

    async page(query) {
      const selection = selectLinks(query, db.engine);
      // Side by side on PostgreSQL's pool: the count needs no fold of the latest clicks.
      const [rows, total] = await Promise.all([
        counts.rows(selection, query),
        db.get<{ n: number }>(countLinksSql(selection, db.engine), selection.params),
      ]);
      return { rows, total: total!.n };
    },

    async idsMatching(filter) {
      const selection = selectLinks(filter, db.engine);
      const rows = await db.all<{ id: number }>(
        `SELECT l.id FROM links l ${selection.where} ORDER BY l.id`,
        selection.params,
      );
      return rows.map((row) => Number(row.id));
    },

    batchAfter(scope, afterId, limit) {
      const selection = selectLinks({ scope, q: '', tag: '' }, db.engine);
      const where = selection.where === '' ? 'WHERE l.id > ?' : `${selection.where} AND l.id > ?`;
      return counts.rows(
        { ...selection, where, params: [...selection.params, afterId] },
        { sort: 'id', order: 'asc', limit, offset: 0 },
      );
    },

    totals: (scope) => counts.totals(scope),

    async setTags(linkId, tags) {
      await db.transaction(async (tx) => {
        await tx.run('DELETE FROM link_tags WHERE link_id = ?', [linkId]);
        await insertTags(tx, linkId, tags);
      });
    },
  };
}
