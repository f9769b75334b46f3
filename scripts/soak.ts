/**
 * npm run soak -- --minutes N: the production build under a steady mix of redirects, analytics
 * reads and API writes; one line a window (RSS, p99, requests, errors), then the verdict of
 * soak/verdict.ts: exit 1 when RSS grew by more than 10 % after the first 5 minutes, the p99 trends
 * upward, any request erred, or an answered click was not stored. Loopback, a temp folder (or a
 * PostgreSQL schema of its own), everything removed at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuild } from './bench/build';
import { type BenchData, type BenchSchema, countStoredClicks, createBenchSchema } from './bench/database';
import { readMemory } from './bench/memory';
import { processCpuUs, type RunningServer, startProduct } from './bench/processes';
import { scriptArgs } from './bench/scriptArgs';
import { percentile } from './bench/stats';
import { parseSoakArgs, SOAK_USAGE, type SoakArgs, SoakArgsError, type SoakWindow, soakProblems } from './soak/verdict';

const ADMIN_KEY = 'soak-admin-key-0123456789abcdef';
const LINKS = 50;
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const TICK_MS = 20;

const say = (line: string) => process.stdout.write(`soak: ${line}\n`);

interface Traffic {
  latencies: number[];
  requests: number;
  errors: number;
  answeredClicks: number;
  inFlight: Set<Promise<void>>;
}

function api(server: RunningServer, method: string, route: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}/api${route}`, {
    method,
    headers: { 'X-API-Key': ADMIN_KEY, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** One timed request; `ok` says whether its answer is the expected one. */
function timed(traffic: Traffic, send: () => Promise<Response>, ok: (res: Response) => boolean, onOk?: () => void) {
  const started = performance.now();
  const request = send()
    .then(async (res) => {
      await res.arrayBuffer();
      traffic.latencies.push(performance.now() - started);
      traffic.requests += 1;
      if (ok(res)) onOk?.();
      else {
        traffic.errors += 1;
        if (traffic.errors <= 5) say(`error: ${res.status} from ${res.url}`);
      }
    })
    .catch((error) => {
      traffic.requests += 1;
      traffic.errors += 1;
      if (traffic.errors <= 5) say(`error: ${error instanceof Error ? error.message : error}`);
    });
  traffic.inFlight.add(request);
  void request.finally(() => traffic.inFlight.delete(request));
}

async function createLinks(server: RunningServer): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < LINKS; i++) {
    const res = await api(server, 'POST', '/links', { target_url: `https://example.com/${i}`, short_code: `soak${i}` });
    if (res.status !== 201) throw new Error(`creating link ${i}: ${res.status}`);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

/** Sends the mix for the whole run, reporting a window at a time. */
async function drive(
  server: RunningServer,
  args: SoakArgs,
  ids: number[],
): Promise<{ windows: SoakWindow[]; traffic: Traffic }> {
  const traffic: Traffic = { latencies: [], requests: 0, errors: 0, answeredClicks: 0, inFlight: new Set() };
  const windows: SoakWindow[] = [];
  const started = Date.now();
  const sideRate = Math.max(1, args.rate / 10);
  let due = { redirects: 0, reads: 0, writes: 0 };
  let n = 0;
  const tick = setInterval(() => {
    due = {
      redirects: due.redirects + (args.rate * TICK_MS) / 1000,
      reads: due.reads + (sideRate * TICK_MS) / 1000,
      writes: due.writes + (sideRate * TICK_MS) / 1000,
    };
    for (; due.redirects >= 1; due.redirects--) {
      const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}`;
      const send = () =>
        fetch(`${server.url}/soak${n % LINKS}`, {
          redirect: 'manual',
          headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': address },
        });
      timed(
        traffic,
        send,
        (res) => res.status === 302,
        () => traffic.answeredClicks++,
      );
    }
    for (; due.reads >= 1; due.reads--) {
      const route = n % 2 === 0 ? `/analytics/${ids[n % ids.length]}` : '/analytics/summary';
      timed(
        traffic,
        () => api(server, 'GET', route),
        (res) => res.status === 200,
      );
    }
    for (; due.writes >= 1; due.writes--) {
      const id = ids[n % ids.length];
      timed(
        traffic,
        () => api(server, 'PUT', `/links?id=${id}`, { title: `soak ${n}` }),
        (res) => res.status === 200,
      );
    }
  }, TICK_MS);
  const end = started + args.minutes * 60_000;
  let cpuBefore = processCpuUs(server.pid);
  while (Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(args.windowSeconds * 1000, end - Date.now())));
    const latencies = traffic.latencies.splice(0);
    const cpuNow = processCpuUs(server.pid);
    const cpuUs = cpuNow !== undefined && cpuBefore !== undefined ? cpuNow - cpuBefore : undefined;
    cpuBefore = cpuNow;
    const window: SoakWindow = {
      minute: Math.round(((Date.now() - started) / 60_000) * 100) / 100,
      rssMb: readMemory(server.pid)?.rssMb ?? 0,
      p99Ms: latencies.length > 0 ? percentile(latencies, 99) : 0,
      requests: traffic.requests,
      errors: traffic.errors,
      cpuUsPerRequest: cpuUs !== undefined && traffic.requests > 0 ? cpuUs / traffic.requests : undefined,
      load: os.loadavg()[0],
    };
    traffic.requests = 0;
    traffic.errors = 0;
    windows.push(window);
    say(
      `minute ${window.minute.toFixed(2)}: RSS ${window.rssMb.toFixed(1)} MB, p99 ${window.p99Ms.toFixed(1)} ms, ` +
        `${window.requests} requests, ${window.errors} errors, ` +
        `server CPU ${window.cpuUsPerRequest?.toFixed(0) ?? '?'} µs/request, load average ${window.load?.toFixed(1)}`,
    );
  }
  clearInterval(tick);
  await Promise.all(traffic.inFlight);
  return { windows, traffic };
}

async function main(): Promise<number> {
  const args = scriptArgs(() => parseSoakArgs(process.argv.slice(2)), {
    usage: SOAK_USAGE,
    usageError: SoakArgsError,
    say,
  });
  if (typeof args === 'number') return args;
  if (ensureServerBuild(say)) say('built the server');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'me-soak-'));
  let schema: BenchSchema | undefined;
  let server: RunningServer | undefined;
  try {
    if (args.store === 'postgres') schema = await createBenchSchema(say);
    const data: BenchData = { dataDir, databaseUrl: schema?.redirectUrl };
    server = await startProduct({ ...data, adminKey: ADMIN_KEY, cpu: undefined });
    say(
      `${args.store}, ${args.rate} redirects/s and ${Math.max(1, args.rate / 10)} reads and writes/s each, ${args.minutes} min`,
    );
    const ids = await createLinks(server);
    const { windows, traffic } = await drive(server, args, ids);
    const code = await server.stop();
    server = undefined;
    if (code !== 0) say(`the server exited ${code}`);
    const storedClicks = await countStoredClicks(data);
    say(`clicks answered ${traffic.answeredClicks}, stored ${storedClicks}`);
    const problems = soakProblems(windows, { answeredClicks: traffic.answeredClicks, storedClicks });
    for (const problem of problems) say(`FAIL: ${problem}`);
    if (problems.length === 0) say('passed');
    return problems.length === 0 && code === 0 ? 0 : 1;
  } finally {
    await server?.stop();
    await schema?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
