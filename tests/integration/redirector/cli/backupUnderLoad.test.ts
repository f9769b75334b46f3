/**
 * `me backup` taken while the service answers a stream of redirects at about a thousand a second
 * (docs/api.md#backup-and-restore): the copy passes `me check` and holds every click answered
 * before the backup started. wrk (when installed) makes the load; beside it a few connections of
 * the test's own send redirects each from an address of its own, so that each stored click says
 * which answer it was and when it came. The built server and command line (`npm run build` first).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../helpers/cliProcess';
import { type ServerProcess, startServerProcess } from '../../../helpers/serverProcess';
import { makeTempDir } from '../../../helpers/testServer';
import { adminCall, BROWSER } from './cliServers';

const CONNECTIONS = 8;
const WRK_SECONDS = 8;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
});

const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Redirects over CONNECTIONS keep-alive sockets until stopped; each answer's address and time. */
function stream(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const answered: { address: string; at: number }[] = [];
  let going = true;
  let sent = 0;
  const one = (address: string) =>
    new Promise<number>((resolve) => {
      const req = http.get(url, { agent, headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': address } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
    });
  const loops = Array.from({ length: CONNECTIONS }, async () => {
    while (going) {
      const address = addressOf(++sent);
      if ((await one(address)) === 302) answered.push({ address, at: Date.now() });
    }
  });
  return {
    answered,
    async stop() {
      going = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

/** wrk for WRK_SECONDS at 40 connections; resolves to its requests per second (undefined: no wrk). */
function startWrk(url: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const child = spawn('wrk', ['-t1', '-c40', `-d${WRK_SECONDS}s`, '-H', `User-Agent: ${BROWSER}`, url]);
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', () => resolve(undefined));
    child.on('exit', () => resolve(Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]) || undefined));
  });
}

describe('me backup under load', () => {
  it('holds every click answered before it started, and the copy passes me check', async () => {
    const dataDir = makeTempDir('me-backup-load-');
    server = await startServerProcess({ dataDir, env: { TRUST_PROXY: '1' } });
    const created = await adminCall(server, 'POST', '/api/links', {
      target_url: 'https://example.com/',
      short_code: 'load',
    });
    expect(created.status).toBe(201);
    const wrk = startWrk(`${server.url}/load`);
    const load = stream(`${server.url}/load`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const copyDir = makeTempDir('me-backup-load-copy-');
    const copy = path.join(copyDir, 'me.sqlite');
    const started = Date.now();
    const run = await runCli(['backup', copy], { DATA_DIR: dataDir });
    const ended = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await load.stop();
    expect(run.code).toBe(0);
    const own = load.answered.filter((answer) => answer.at >= started - 3000 && answer.at < started).length / 3;
    console.log(
      `wrk: ${(await wrk) ?? 'not installed'} req/s, the test's own: ${own.toFixed(0)}/s; backup ${ended - started} ms`,
    );
    expect(load.answered.some((answer) => answer.at > ended)).toBe(true);

    const db = new Database(copy, { readonly: true, fileMustExist: true });
    let copied: Set<string>;
    try {
      copied = new Set(db.prepare('SELECT ip_address FROM clicks').pluck().all() as string[]);
    } finally {
      db.close();
    }
    const before = load.answered.filter((answer) => answer.at < started);
    expect(before.length).toBeGreaterThan(100);
    expect(before.filter((answer) => !copied.has(answer.address))).toEqual([]);

    const check = await runCli(['check'], { DATA_DIR: copyDir });
    expect([check.code, check.stderr]).toEqual([0, '']);
    expect(fs.statSync(copy).mode & 0o777).toBe(0o600);
  }, 60_000);
});
