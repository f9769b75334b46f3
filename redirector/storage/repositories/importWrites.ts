/**
 * What an import writes besides its job (docs/api.md#imports): which of a batch's links the owner
 * imported already (by source and the source's id), who holds the codes it wants, the source and
 * id kept on each link it created, and its clicks stored with the job's step in one transaction,
 * so that a job resumed after a restart never stores a click twice. Every write of a part checks,
 * in the part's transaction, that the job still runs: a cancelled job stores nothing more.
 */
import type { Scope } from '../../auth/scope';
import type { Executor, SqlParam } from '../executor';
import type { NewClick } from '../records';
import { CLICK_ID_FLOOR_SQL } from './clickIdFloor';
import { NEW_CLICK_COLUMNS } from './columns';
import type { ImportRepository, ImportStep } from './importRepository';
import { ownedBy, reachedBy } from './scopeFilter';

/** What an import keeps of a source's link on the link it made. */
export interface ImportedRow {
  ref: string;
  created_at: number | null;
  imported_clicks?: number;
}

/** What a part of links keeps besides the links it created (settleLinks). */
export interface SettledLinks {
  source: string;
  /** The links the part created or took as imported: their source, id, creation time and click total. */
  marks: readonly { linkId: number; row: ImportedRow }[];
  /** The source's click totals of links imported before (no field of the user's: it follows the source). */
  totals: readonly { linkId: number; clicks: number }[];
}

/** Thrown in a part's transaction when the job no longer runs (cancelled): the part is rolled back. */
export class ImportCancelled extends Error {
  constructor() {
    super('the import was cancelled');
  }
}

/** A link already holding a code an import wants. */
export interface CodeHolder {
  id: number;
  short_code: string;
  target_url: string;
  import_source: string | null;
  import_ref: string | null;
  /** Whether the importing scope owns it. */
  own: boolean;
}

export interface ImportWrites {
  /** The owner's links imported from `source`, by the source's id, among `refs`. */
  imported(scope: Scope, source: string, refs: readonly string[]): Promise<Map<string, { id: number }>>;
  /**
   * The links holding any of `codes` where a link of the scope's on `domain` (null: the default
   * domain) would go: on that domain, or on another of the owner's domains, where a code is taken
   * too (docs/api.md#custom-domains). A code's holder on `domain` comes first.
   */
  holders(scope: Scope, codes: readonly string[], domain: string | null): Promise<CodeHolder[]>;
  /**
   * Keeps a part's marks and totals with the job's step, in `tx` (the transaction that created the
   * part's links) or in one of its own: one commit a part, not one a link. Throws ImportCancelled,
   * rolling the transaction back, when the job no longer runs.
   */
  settleLinks(jobId: number, settled: SettledLinks, step: ImportStep, tx?: Executor): Promise<void>;
  /** The time of the link's latest imported click and how many it has at that time; null: none. */
  lastImportedClick(linkId: number): Promise<{ at: number; count: number } | null>;
  /** Stores the clicks (marked imported) and the step together; false (nothing stored) when the job was cancelled. */
  storeClicks(jobId: number, clicks: readonly NewClick[], step: ImportStep): Promise<boolean>;
}

/** Clicks per INSERT: 19 parameters each, far below either engine's limit. */
const CLICKS_PER_INSERT = 1000;
const COLUMNS = [...NEW_CLICK_COLUMNS, 'visitor'] as const;

function clickValues(click: NewClick): SqlParam[] {
  return COLUMNS.map((column) => (column === 'imported' ? true : (click[column] ?? null)));
}

async function insertClicks(tx: Executor, clicks: readonly NewClick[]): Promise<void> {
  const marks = COLUMNS.map(() => '?').join(', ');
  let rest = clicks;
  // SQLite: after the newest clicks were deleted, the first one takes the id above theirs (clickIdFloor.ts).
  const floor =
    tx.engine === 'sqlite' && clicks.length > 0 ? await tx.get<{ highest: number }>(CLICK_ID_FLOOR_SQL) : undefined;
  if (floor) {
    await tx.run(`INSERT INTO clicks (id, ${COLUMNS.join(', ')}) VALUES (?, ${marks})`, [
      Number(floor.highest) + 1,
      ...clickValues(clicks[0]!),
    ]);
    rest = clicks.slice(1);
  }
  for (let start = 0; start < rest.length; start += CLICKS_PER_INSERT) {
    const batch = rest.slice(start, start + CLICKS_PER_INSERT);
    const insert = `INSERT INTO clicks (${COLUMNS.join(', ')}) VALUES ${batch.map(() => `(${marks})`).join(', ')}`;
    // PostgreSQL folds the clicks queued in clicks_unfolded; SQLite folds by rowid.
    const sql =
      tx.engine === 'postgres'
        ? `WITH inserted AS (${insert} RETURNING id) INSERT INTO clicks_unfolded (id) SELECT id FROM inserted`
        : insert;
    await tx.run(sql, batch.flatMap(clickValues));
  }
}

async function settleLinks(
  tx: Executor,
  jobs: Pick<ImportRepository, 'save'>,
  jobId: number,
  settled: SettledLinks,
  step: ImportStep,
): Promise<void> {
  for (const { linkId, row } of settled.marks)
    await tx.run(
      `UPDATE links SET import_source = ?, import_ref = ?, created_at = COALESCE(?, created_at),
       imported_clicks = ? WHERE id = ?`,
      [settled.source, row.ref, row.created_at, row.imported_clicks ?? 0, linkId],
    );
  for (const { linkId, clicks } of settled.totals)
    await tx.run('UPDATE links SET imported_clicks = ? WHERE id = ?', [clicks, linkId]);
  // In the part's transaction: a cancel committed first leaves no running job here (the part is
  // rolled back); one that comes later waits on PostgreSQL for this row until the part commits.
  if (!(await jobs.save(jobId, step, tx))) throw new ImportCancelled();
}

/** The links an import sees as its owner's: an own-links-only member's, their own only (docs/api.md#roles). */
const linksOf = (scope: Scope) => reachedBy(scope) ?? ownedBy(scope);

export function createImportWrites(db: Executor, jobs: Pick<ImportRepository, 'save'>): ImportWrites {
  return {
    async imported(scope, source, refs) {
      const found = new Map<string, { id: number }>();
      if (refs.length === 0) return found;
      const owned = linksOf(scope);
      const rows = await db.all<{ id: number; import_ref: string }>(
        `SELECT id, import_ref FROM links WHERE ${owned.sql} AND import_source = ?
         AND import_ref IN (${refs.map(() => '?').join(', ')})`,
        [...owned.params, source, ...refs],
      );
      for (const row of rows) found.set(row.import_ref, { id: Number(row.id) });
      return found;
    },
    async holders(scope, codes, domain) {
      if (codes.length === 0) return [];
      // The domain as links_short_code_key spells it (the default one ''), so both engines search
      // that index: a plain `domain IS NULL` read the whole table for every part of an import
      // (docs/performance.md).
      const own = linksOf(scope);
      const list = codes.map(() => '?').join(', ');
      const columns = `id, short_code, target_url, import_source, import_ref, CASE WHEN ${own.sql} THEN 1 ELSE 0 END AS own`;
      const here = `SELECT ${columns}, 0 AS elsewhere FROM links WHERE COALESCE(domain, '') = ? AND short_code IN (${list})`;
      const params: SqlParam[] = [...own.params, domain ?? '', ...codes];
      // The owner's links on its other domains hold their codes there too (the administrator's own have one domain).
      const team = ownedBy(scope);
      const sql =
        scope.owner.kind === 'admin'
          ? here
          : `${here} UNION ALL SELECT ${columns}, 1 AS elsewhere FROM links
             WHERE ${team.sql} AND COALESCE(domain, '') <> ? AND short_code IN (${list})`;
      if (scope.owner.kind !== 'admin') params.push(...own.params, ...team.params, domain ?? '', ...codes);
      const rows = await db.all<Omit<CodeHolder, 'own'> & { own: number | boolean; elsewhere: number }>(sql, params);
      return rows
        .sort((a, b) => Number(a.elsewhere) - Number(b.elsewhere))
        .map(({ elsewhere: _, ...row }) => ({ ...row, id: Number(row.id), own: Number(row.own) === 1 }));
    },
    settleLinks: (jobId, settled, step, tx) =>
      tx
        ? settleLinks(tx, jobs, jobId, settled, step)
        : db.transaction((own) => settleLinks(own, jobs, jobId, settled, step)),
    async lastImportedClick(linkId) {
      const row = await db.get<{ at: number | null; count: number }>(
        `SELECT clicked_at AS at, COUNT(*) AS count FROM clicks WHERE link_id = ? AND imported
         AND clicked_at = (SELECT MAX(clicked_at) FROM clicks WHERE link_id = ? AND imported) GROUP BY clicked_at`,
        [linkId, linkId],
      );
      return row && row.at !== null ? { at: Number(row.at), count: Number(row.count) } : null;
    },
    async storeClicks(jobId, clicks, step) {
      try {
        await db.transaction(async (tx) => {
          await insertClicks(tx, clicks);
          if (!(await jobs.save(jobId, step, tx))) throw new ImportCancelled();
        });
        return true;
      } catch (error) {
        if (error instanceof ImportCancelled) return false;
        throw error;
      }
    },
  };
}
