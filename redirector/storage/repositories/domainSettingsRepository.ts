/**
 * Each domain's fallbacks and `.well-known` documents (docs/api.md#domain-fallbacks-and-well-known-documents):
 * a custom domain's on its claiming team's row beside the claim (cleared when the claim changes or goes,
 * domainRepository.ts), the default domain's in the one row of `default_domain_settings`.
 */
import type { Scope } from '../../auth/scope';
import { DOCUMENT_FIELDS, type DomainSettingsFields, FALLBACK_FIELDS } from '../../contract/domainSettings';
import type { AfterWrite, Executor } from '../executor';
import { teamRow } from './scopeFilter';

/** The settings of one domain, as the API names them; null: not set. */
export type DomainSettings = DomainSettingsFields;

export const DOMAIN_SETTING_NAMES = [...FALLBACK_FIELDS, ...DOCUMENT_FIELDS] satisfies (keyof DomainSettings)[];

export const NO_DOMAIN_SETTINGS = {} as DomainSettings;
for (const name of DOMAIN_SETTING_NAMES) NO_DOMAIN_SETTINGS[name] = null;

export interface DomainSettingsRepository {
  /** The default domain's. */
  ofDefault(): Promise<DomainSettings>;
  /** Changes the default domain's given fields; `afterWrite` (the audit entry) runs in the same transaction. */
  setDefault(changes: Partial<DomainSettings>, afterWrite?: AfterWrite<void>): Promise<void>;
  /** The scope's claimed domain's; undefined without a claim. */
  ofClaim(scope: Scope): Promise<DomainSettings | undefined>;
  /**
   * Changes the given fields of the scope's claim of `domain`; false when it claims no such domain.
   * `afterWrite` (the audit entry) runs in the same transaction.
   */
  setClaim(
    scope: Scope,
    domain: string,
    changes: Partial<DomainSettings>,
    afterWrite?: AfterWrite<void>,
  ): Promise<boolean>;
  /** Every verified custom domain's settings, by domain. */
  verified(): Promise<(DomainSettings & { domain: string })[]>;
}

const TEAM_COLUMNS = DOMAIN_SETTING_NAMES.map((name) => `t.domain_${name} AS ${name}`).join(', ');

function given(changes: Partial<DomainSettings>) {
  return DOMAIN_SETTING_NAMES.filter((name) => changes[name] !== undefined);
}

export function createDomainSettingsRepository(db: Executor): DomainSettingsRepository {
  return {
    async ofDefault() {
      const row = await db.get<DomainSettings>(
        `SELECT ${DOMAIN_SETTING_NAMES.join(', ')} FROM default_domain_settings WHERE id = 1`,
      );
      return row ?? NO_DOMAIN_SETTINGS;
    },
    async setDefault(changes, afterWrite) {
      const names = given(changes);
      if (names.length === 0) return;
      const values = names.map((name) => changes[name] ?? null);
      await db.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO default_domain_settings (id, ${names.join(', ')}) VALUES (1, ${names.map(() => '?').join(', ')})
           ON CONFLICT (id) DO UPDATE SET ${names.map((name) => `${name} = excluded.${name}`).join(', ')}`,
          values,
        );
        await afterWrite?.(tx, undefined);
      });
    },
    ofClaim(scope) {
      const row = teamRow(scope);
      return db.get<DomainSettings>(
        `SELECT ${TEAM_COLUMNS} FROM teams t WHERE ${row.sql} AND t.custom_domain IS NOT NULL`,
        row.params,
      );
    },
    setClaim(scope, domain, changes, afterWrite) {
      const names = given(changes);
      const row = teamRow(scope, 'teams');
      const sets =
        names.length === 0 ? 'custom_domain = custom_domain' : names.map((n) => `domain_${n} = ?`).join(', ');
      return db.transaction(async (tx) => {
        const changed = await tx.run(`UPDATE teams SET ${sets} WHERE ${row.sql} AND custom_domain = ?`, [
          ...names.map((name) => changes[name] ?? null),
          ...row.params,
          domain,
        ]);
        if (changed > 0) await afterWrite?.(tx, undefined);
        return changed > 0;
      });
    },
    verified: () =>
      db.all<DomainSettings & { domain: string }>(
        `SELECT t.verified_domain AS domain, ${TEAM_COLUMNS} FROM teams t WHERE t.verified_domain IS NOT NULL`,
      ),
  };
}
