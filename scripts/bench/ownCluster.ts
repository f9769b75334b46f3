/**
 * A PostgreSQL cluster of the bench's own (Debian's server binaries, as the tests' own clusters),
 * and a streaming standby of it made with `pg_basebackup -R`: `npm run bench -- --replica`
 * (bench/replica.ts). As root the binaries run as the `postgres` user, who is given the folder.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './processes';

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export interface OwnCluster {
  name: string;
  url: string;
  port: number;
  logFile: string;
  stop(): void;
}

function runAsOwner(command: string, args: string[], timeoutMs = 120_000): void {
  const file = path.join(POSTGRES_BIN, command);
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, {
    stdio: 'pipe',
    timeout: timeoutMs,
  });
}

export function ownClusterAvailable(): boolean {
  return fs.existsSync(path.join(POSTGRES_BIN, 'initdb')) && fs.existsSync(path.join(POSTGRES_BIN, 'pg_basebackup'));
}

/** A folder of its own in the system's temp folder (the bench's is its user's alone), and a free port. */
async function folder(name: string): Promise<{ dir: string; data: string; port: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `me-bench-${name}-`));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  return { dir, data: path.join(dir, 'data'), port: await freePort() };
}

function started(name: string, place: { dir: string; data: string; port: number }, settings: readonly string[]) {
  const { dir, data, port } = place;
  const options = [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, ...settings.map((s) => `-c ${s}`)].join(' ');
  const logFile = path.join(dir, 'log');
  runAsOwner('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '300', 'start'], 330_000);
  let running = true;
  return {
    name,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    logFile,
    /** Stops it and deletes its folder. */
    stop() {
      if (!running) return;
      running = false;
      try {
        runAsOwner('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A new cluster, started with the server settings given (`name=value`). */
export async function startOwnCluster(name: string, settings: readonly string[]): Promise<OwnCluster> {
  const place = await folder(name);
  runAsOwner('initdb', ['-D', place.data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  return started(name, place, settings);
}

/**
 * A standby of `primary` (initdb's pg_hba.conf lets 127.0.0.1 replicate; wal_level is `replica`
 * by default), started; `caughtUp` waits until it has replayed all the primary has written.
 */
export async function startOwnStandby(
  primary: OwnCluster,
  name: string,
  settings: readonly string[],
): Promise<OwnCluster> {
  const place = await folder(name);
  const from = ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'];
  runAsOwner('pg_basebackup', [...from, '-D', place.data, '-R', '-X', 'stream', '--no-sync', '-c', 'fast'], 3_600_000);
  return started(name, place, settings);
}

/** Waits until the standby at `standbyUrl` has replayed the primary's current WAL position. */
export async function caughtUp(primaryUrl: string, standbyUrl: string): Promise<void> {
  const primary = new pg.Client({ connectionString: primaryUrl });
  const standby = new pg.Client({ connectionString: standbyUrl });
  await primary.connect();
  await standby.connect();
  try {
    const target = (await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;
    for (;;) {
      const behind = await standby.query<{ bytes: string | null }>(
        'SELECT pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::text AS bytes',
        [target],
      );
      if (Number(behind.rows[0]!.bytes ?? 1) <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await primary.end();
    await standby.end();
  }
}

/** What a server did for its database: transactions, and rows its scans returned and fetched. */
export interface ServerReads {
  transactions: number;
  rows: number;
}

export async function serverReads(url: string): Promise<ServerReads> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ transactions: string; rows: string }>(
      `SELECT (xact_commit + xact_rollback)::text AS transactions, (tup_returned + tup_fetched)::text AS rows
       FROM pg_stat_database WHERE datname = current_database()`,
    );
    return { transactions: Number(rows[0]!.transactions), rows: Number(rows[0]!.rows) };
  } finally {
    await client.end();
  }
}
