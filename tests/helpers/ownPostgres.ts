/**
 * A throwaway PostgreSQL server of the test's own (Debian's server binaries), so that a test can
 * stop it at once (`pg_ctl stop -m immediate`, as a crash would) and start it again. As root, the
 * binaries run as the `postgres` user, who is given the folder. A streaming standby of one
 * (`createOwnStandby`, `pg_basebackup -R`) serves the read replica tests.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './serverProcess';

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export interface OwnPostgres {
  url: string;
  /** Starts the server and waits until it accepts connections. */
  start(): void;
  /** `pg_ctl stop -m immediate`: every connection dropped, no shutdown checkpoint. */
  stopNow(): void;
  /**
   * Stops the server's processes (SIGSTOP), as a host that stops answering: connections stay open
   * and nothing answers on them; `thaw` goes on (SIGCONT).
   */
  freeze(): void;
  thaw(): void;
  /** Stops it (if running) and deletes its folder. */
  destroy(): void;
  /** The server's log file. */
  logFile: string;
  port: number;
}

export function ownPostgresAvailable(): boolean {
  return fs.existsSync(path.join(POSTGRES_BIN, 'initdb'));
}

function runAsOwner(command: string, args: string[]): void {
  const file = path.join(POSTGRES_BIN, command);
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, {
    stdio: 'pipe',
    timeout: 60_000,
  });
}

/** A folder the `postgres` user owns (as root) and a free port. */
async function ownFolder(): Promise<{ dir: string; data: string; port: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'me-own-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  return { dir, data: path.join(dir, 'data'), port: await freePort() };
}

/** The server's processes: the postmaster (its data folder's postmaster.pid) and each child of it. */
function serverProcesses(data: string): number[] {
  const postmaster = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        // After the command's name in parentheses: the state, then the parent's id.
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === postmaster ? [Number(name)] : [];
      } catch {
        return [];
      }
    });
  return [postmaster, ...children];
}

/** `settings`: `name=value` server settings (no spaces in a value). */
function cluster(place: { dir: string; data: string; port: number }, settings: readonly string[]): OwnPostgres {
  const { dir, data, port } = place;
  const options = [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, ...settings.map((s) => `-c ${s}`)].join(' ');
  let running = false;
  let frozen: number[] = [];
  const own: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    logFile: path.join(dir, 'log'),
    port,
    start() {
      runAsOwner('pg_ctl', ['-D', data, '-o', options, '-l', own.logFile, '-w', 'start']);
      running = true;
    },
    stopNow() {
      runAsOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    freeze() {
      frozen = serverProcesses(data);
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    thaw() {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      frozen = [];
    },
    destroy() {
      try {
        own.thaw();
        if (running) own.stopNow();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  return own;
}

export async function createOwnPostgres(settings: readonly string[] = []): Promise<OwnPostgres> {
  const place = await ownFolder();
  runAsOwner('initdb', ['-D', place.data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const own = cluster(place, settings);
  own.start();
  return own;
}

/**
 * A streaming standby of `primary` (initdb's pg_hba.conf lets 127.0.0.1 replicate, and wal_level
 * is `replica` by default), started and caught up: `SELECT pg_wal_replay_pause()` on it makes it lag.
 */
export async function createOwnStandby(primary: OwnPostgres, settings: readonly string[] = []): Promise<OwnPostgres> {
  const place = await ownFolder();
  const from = ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'];
  runAsOwner('pg_basebackup', [...from, '-D', place.data, '-R', '-X', 'stream', '--no-sync', '-c', 'fast']);
  const own = cluster(place, settings);
  own.start();
  return own;
}
