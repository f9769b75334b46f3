/**
 * A throwaway PostgreSQL server of the test's own (Debian's server binaries), so that a test can
 * stop it at once (`pg_ctl stop -m immediate`, as a crash would) and start it again. As root, the
 * binaries run as the `postgres` user, who is given the folder.
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
  /** Stops it (if running) and deletes its folder. */
  destroy(): void;
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

export async function createOwnPostgres(): Promise<OwnPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'me-own-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  runAsOwner('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  let running = false;
  const own: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      runAsOwner('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
      running = true;
    },
    stopNow() {
      runAsOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    destroy() {
      try {
        if (running) own.stopNow();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  own.start();
  return own;
}
