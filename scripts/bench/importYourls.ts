/**
 * The YOURLS import in the bench (docs/api.md#imports): a YOURLS database of 100,000 links and
 * 1,000,000 clicks (--quick: a tenth of each) on the MariaDB of this machine, imported by the
 * administrator into a fresh SQLite server while a probe follows a redirect of that server a few
 * times a second. Figures: the import's seconds (`import.yourls_s`, target ≤ 120 s), the probe's p99
 * (`import.redirect_p99_ms`, target < 50 ms) and the server's RSS growth (target ≤ 150 MB).
 * `npm run bench` runs it among its phases; `npx tsx scripts/bench/importYourls.ts [--quick]` alone
 * (after `npm run build`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import mysql from 'mysql2/promise';
import { createYourlsDatabase } from '../../tests/helpers/yourlsDatabase';
import { type OwnServers, processCpuUs, type RunningServer, startProduct } from './processes';
import { percentile } from './stats';

export const IMPORT_TARGETS = { yourlsS: 120, redirectP99Ms: 50, rssGrowthMb: 150 };
const ROWS_PER_INSERT = 2_000;
const AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const COUNTRIES = ['FR', 'DE', 'US', 'ES', 'BR', 'IN', ''];

export interface ImportFigures {
  links: number;
  clicks: number;
  seconds: number;
  redirectP99Ms: number;
  rssGrowthMb: number;
  /** The server's CPU time over the import (user + system, every thread): comparable on a shared machine. */
  serverCpuS: number;
  /** The probe's requests and their median, beside its p99. */
  probes: number;
  redirectP50Ms: number;
  /** The machine's one-minute load average at the start and at the end. */
  load: [number, number];
}

interface PhaseOptions extends OwnServers {
  quick: boolean;
}

/** Resident memory of a process in MB, from /proc; 0 where /proc is not. */
function rssMb(pid: number): number {
  try {
    const line = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function seed(url: string, links: number, clicks: number, progress: (line: string) => void): Promise<void> {
  const db = await mysql.createConnection(url);
  try {
    for (let start = 0; start < links; start += ROWS_PER_INSERT) {
      const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, links - start) }, (_, i) => {
        const n = start + i;
        return [`b${n}`, `https://shop.example.com/p/${n}`, `Product ${n}`, '2024-01-01 00:00:00', '203.0.113.1', 0];
      });
      await db.query('INSERT INTO yourls_url (keyword, url, title, timestamp, ip, clicks) VALUES ?', [rows]);
    }
    for (let start = 0; start < clicks; start += ROWS_PER_INSERT) {
      const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, clicks - start) }, (_, i) => {
        const n = start + i;
        const second = n % 86_400;
        const time = `2024-0${1 + (n % 9)}-1${n % 9} ${String(Math.floor(second / 3600)).padStart(2, '0')}:${String(Math.floor(second / 60) % 60).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}`;
        return [time, `b${n % links}`, 'https://news.example.net/', AGENT, `198.51.100.${n % 250}`, COUNTRIES[n % 7]];
      });
      await db.query(
        'INSERT INTO yourls_log (click_time, shorturl, referrer, user_agent, ip_address, country_code) VALUES ?',
        [rows],
      );
      if (start % 200_000 === 0 && start > 0) progress(`  ${start.toLocaleString('en-US')} clicks written`);
    }
  } finally {
    await db.end();
  }
}

async function adminCall(base: string, adminKey: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'X-API-Key': adminKey, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the API's own answers, read for a few fields
  const answer: any = await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Follows `/probe` one request at a time until `until` resolves; each request's milliseconds. */
async function probe(base: string, until: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    await fetch(`${base}/probe`, { redirect: 'manual', headers: { 'User-Agent': AGENT } });
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return times;
}

export async function benchYourlsImport(options: PhaseOptions): Promise<ImportFigures> {
  const links = options.quick ? 10_000 : 100_000;
  const clicks = options.quick ? 100_000 : 1_000_000;
  const yourls = await createYourlsDatabase();
  const dataDir = path.join(options.dir, 'import');
  fs.mkdirSync(dataDir);
  let server: RunningServer | undefined;
  try {
    options.progress(
      `seeding a YOURLS database of ${links.toLocaleString('en-US')} links and ${clicks.toLocaleString('en-US')} clicks`,
    );
    await seed(yourls.url, links, clicks, options.progress);
    server = await startProduct({ dataDir, adminKey: options.adminKey, cpu: options.cpu });
    options.track(server);
    const base = server.url;
    await adminCall(base, options.adminKey, 'POST', '/api/links', {
      target_url: 'https://example.com/',
      short_code: 'probe',
    });
    // A first visit loads what every redirect needs (geolocation's data): not the import's cost.
    for (let i = 0; i < 5; i++) await fetch(`${base}/probe`, { redirect: 'manual', headers: { 'User-Agent': AGENT } });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const startMb = rssMb(server.pid);
    let peakMb = startMb;
    options.progress('importing');
    const loadBefore = os.loadavg()[0]!;
    const cpuBefore = processCpuUs(server.pid) ?? 0;
    const started = performance.now();
    const { import: job } = await adminCall(base, options.adminKey, 'POST', '/api/imports', {
      source: 'yourls',
      connection: { database_url: yourls.url },
    });
    const finished = (async () => {
      for (;;) {
        const { import: now } = await adminCall(base, options.adminKey, 'GET', `/api/imports?id=${job.id}`);
        peakMb = Math.max(peakMb, rssMb(server!.pid));
        if (now.state !== 'queued' && now.state !== 'running') return now;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const [ended, times] = await Promise.all([finished, probe(base, finished)]);
    const seconds = (performance.now() - started) / 1000;
    const serverCpuS = ((processCpuUs(server.pid) ?? 0) - cpuBefore) / 1e6;
    if (ended.state !== 'done')
      throw new Error(`the import ended ${ended.state}: ${JSON.stringify(ended.errors.at(-1))}`);
    if (ended.clicks.imported !== clicks) throw new Error(`${ended.clicks.imported} clicks imported of ${clicks}`);
    return {
      links,
      clicks,
      seconds,
      redirectP99Ms: percentile(times, 99),
      rssGrowthMb: Math.max(0, peakMb - startMb),
      serverCpuS,
      probes: times.length,
      redirectP50Ms: percentile(times, 50),
      load: [loadBefore, os.loadavg()[0]!],
    };
  } finally {
    if (server) await options.stop(server);
    await yourls.drop();
  }
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function importJson(figures: ImportFigures | null | undefined): Record<string, unknown> | null {
  if (!figures) return null;
  return {
    links: figures.links,
    clicks: figures.clicks,
    yourls_s: round1(figures.seconds),
    redirect_p99_ms: round1(figures.redirectP99Ms),
    rss_growth_mb: round1(figures.rssGrowthMb),
    server_cpu_s: round1(figures.serverCpuS),
    probes: figures.probes,
    redirect_p50_ms: round1(figures.redirectP50Ms),
    load_average: figures.load.map(round1),
    targets: {
      yourls_s: IMPORT_TARGETS.yourlsS,
      redirect_p99_ms: IMPORT_TARGETS.redirectP99Ms,
      rss_growth_mb: IMPORT_TARGETS.rssGrowthMb,
    },
  };
}

export function importLines(figures: ImportFigures | null | undefined): string[] {
  if (figures === undefined) return ['YOURLS import: not run'];
  if (!figures) return ['YOURLS import: not measured (the phase failed; see above)'];
  const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
  return [
    `YOURLS import (${figures.links.toLocaleString('en-US')} links, ${figures.clicks.toLocaleString('en-US')} clicks)`,
    `  import.yourls_s ${round1(figures.seconds)} s (target ≤ ${IMPORT_TARGETS.yourlsS} s at full size: ${mark(figures.seconds <= IMPORT_TARGETS.yourlsS)})`,
    `  import.redirect_p99_ms ${round1(figures.redirectP99Ms)} ms (target < ${IMPORT_TARGETS.redirectP99Ms} ms: ${mark(figures.redirectP99Ms < IMPORT_TARGETS.redirectP99Ms)})`,
    `  RSS growth ${round1(figures.rssGrowthMb)} MB (target ≤ ${IMPORT_TARGETS.rssGrowthMb} MB: ${mark(figures.rssGrowthMb <= IMPORT_TARGETS.rssGrowthMb)})`,
    `  the server's CPU over the import ${round1(figures.serverCpuS)} s; ${figures.probes} probes, p50 ${round1(figures.redirectP50Ms)} ms; load average ${figures.load.map(round1).join(' → ')}`,
  ];
}

/** Run alone: this phase only, its lines printed. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'me-bench-import-'));
  benchYourlsImport({
    dir,
    quick: process.argv.includes('--quick'),
    cpu: undefined,
    adminKey: crypto.randomBytes(18).toString('base64url'),
    progress: (line) => console.error(line),
    track: () => {},
    stop: (server) => server.stop(),
  }).then(
    (figures) => {
      console.log(importLines(figures).join('\n'));
      fs.rmSync(dir, { recursive: true, force: true });
    },
    (error) => {
      console.error(`import bench failed: ${error instanceof Error ? error.message : String(error)}`);
      fs.rmSync(dir, { recursive: true, force: true });
      process.exitCode = 1;
    },
  );
}
