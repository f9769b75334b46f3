/**
 * DATABASE_REPLICA_URLS and REPLICA_MAX_LAG_S (docs/api.md#read-replicas): one clear message per
 * bad value, never the URL (it may hold a password); WAL positions compare as numbers; a replica
 * is named by host and port only.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../redirector/config';
import { lsnValue, replicaName } from '../../../../redirector/storage/postgres/replicas';

const PRIMARY = 'postgres://me@db:5432/me';
const load = (env: Record<string, string>) => loadConfig({ DATABASE_URL: PRIMARY, ...env });

describe('read replica settings', () => {
  it('reads the list and the lag limit, with their defaults', () => {
    expect(load({}).replicas).toEqual({ urls: [], maxLagS: 10 });
    expect(
      load({ DATABASE_REPLICA_URLS: ' postgres://r1:5432/me , postgresql://r2/me,', REPLICA_MAX_LAG_S: '2.5' })
        .replicas,
    ).toEqual({ urls: ['postgres://r1:5432/me', 'postgresql://r2/me'], maxLagS: 2.5 });
  });

  it('refuses a bad entry by its place, without repeating it', () => {
    const bad = () => load({ DATABASE_REPLICA_URLS: 'postgres://r1/me,mysql://user:secret@r2/me' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow('DATABASE_REPLICA_URLS: entry 2 must be a postgres:// URL');
    expect(bad).not.toThrow(/secret/);
  });

  it('needs DATABASE_URL, and a lag limit above 0', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://r1/me' })).toThrow(
      'DATABASE_REPLICA_URLS needs DATABASE_URL (replicas are of a PostgreSQL primary)',
    );
    for (const value of ['0', '-1', 'ten', '1e3']) {
      expect(() => load({ REPLICA_MAX_LAG_S: value })).toThrow(
        `REPLICA_MAX_LAG_S must be a number of seconds above 0, at most 86400 (got "${value}")`,
      );
    }
  });

  it('compares WAL positions as numbers and names a replica without its credentials', () => {
    expect(lsnValue('0/FFFFFFFF') < lsnValue('1/0')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(replicaName('postgres://reader:secret@10.0.0.7:5433/me')).toBe('10.0.0.7:5433');
    expect(replicaName('postgres://reader@replica/me')).toBe('replica:5432');
  });
});
