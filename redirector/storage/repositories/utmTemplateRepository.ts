/** UTM templates (docs/api.md#utm-templates), kept per team (the administrator's own: no team). */
import type { Scope } from '../../auth/scope';
import { byTemplateName, type UtmTemplateValues } from '../../contract/utmTemplates';
import type { Executor } from '../executor';
import { insertWithinLimit } from './insertWithinLimit';
import { ownedBy, teamValue } from './scopeFilter';

export interface UtmTemplateRecord extends UtmTemplateValues {
  id: number;
  name: string;
  created_at: number;
}

export type UtmTemplateFields = Omit<UtmTemplateRecord, 'id' | 'created_at'>;

export interface UtmTemplateRepository {
  list(scope: Scope): Promise<UtmTemplateRecord[]>;
  /** The template, or 'limit' (nothing written) when the scope has `max` already: exact under concurrent creates. */
  create(scope: Scope, fields: UtmTemplateFields, now: number, max: number): Promise<UtmTemplateRecord | 'limit'>;
  /** The scope's template with `changes`; undefined when it has no such template. */
  update(scope: Scope, id: number, changes: Partial<UtmTemplateFields>): Promise<UtmTemplateRecord | undefined>;
  remove(scope: Scope, id: number): Promise<boolean>;
}

/** The advisory lock that queues the administrator's creates (its templates have no team row to lock). */
const ADMIN_TEMPLATES_LOCK = 7_302_116_540_393;
const COLUMNS = 'id, name, utm_source, utm_medium, utm_campaign, utm_term, utm_content, created_at';
const decoded = (row: UtmTemplateRecord): UtmTemplateRecord => ({
  ...row,
  id: Number(row.id),
  created_at: Number(row.created_at),
});

export function createUtmTemplateRepository(db: Executor): UtmTemplateRepository {
  const find = async (scope: Scope, id: number) => {
    const owned = ownedBy(scope);
    const row = await db.get<UtmTemplateRecord>(`SELECT ${COLUMNS} FROM utm_templates WHERE id = ? AND ${owned.sql}`, [
      id,
      ...owned.params,
    ]);
    return row && decoded(row);
  };
  return {
    async list(scope) {
      const owned = ownedBy(scope);
      // At most 100 rows, ordered here: a database's collation would order names its own way.
      const rows = await db.all<UtmTemplateRecord>(
        `SELECT ${COLUMNS} FROM utm_templates WHERE ${owned.sql}`,
        owned.params,
      );
      return rows.map(decoded).sort(byTemplateName);
    },
    async create(scope, fields, now, max) {
      const limit = { table: 'utm_templates', max, adminLock: ADMIN_TEMPLATES_LOCK };
      const row = await insertWithinLimit(db, scope, limit, (tx) =>
        tx.get<UtmTemplateRecord>(
          `INSERT INTO utm_templates (team_id, name, utm_source, utm_medium, utm_campaign, utm_term, utm_content, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
          [
            teamValue(scope),
            fields.name,
            fields.utm_source,
            fields.utm_medium,
            fields.utm_campaign,
            fields.utm_term,
            fields.utm_content,
            now,
          ],
        ),
      );
      return row === 'limit' ? row : decoded(row);
    },
    async update(scope, id, changes) {
      const names = Object.keys(changes) as (keyof UtmTemplateFields)[];
      if (names.length > 0) {
        const owned = ownedBy(scope);
        await db.run(
          `UPDATE utm_templates SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ? AND ${owned.sql}`,
          [...names.map((name) => changes[name] ?? ''), id, ...owned.params],
        );
      }
      return find(scope, id);
    },
    async remove(scope, id) {
      const owned = ownedBy(scope);
      return (await db.run(`DELETE FROM utm_templates WHERE id = ? AND ${owned.sql}`, [id, ...owned.params])) > 0;
    },
  };
}
