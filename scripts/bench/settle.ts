/**
 * What the redirect phase does around its measured runs (docs/performance.md, "The bench"), so
 * that each run measures its own redirects and not what another left or a link's first visit:
 * every link of a visit pool is visited once before the runs (a link's first visit reads it from
 * the database, and a rule link's compiles its 20 rules), and before each run the server is left
 * to finish the work the run before it set going (folding its clicks, a checkpoint) until it is
 * idle, so no run inherits another's tail, whichever order they go in.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { processCpuUs } from './processes';
import type { Visit } from './traffic';

/** Visits each distinct path of `visits` once (its first visit's headers), `parallel` at a time; resolves with the 2xx and 3xx answers. */
export async function visitEveryPath(url: string, visits: readonly Visit[], parallel = 16): Promise<number> {
  const firstByPath = new Map<string, Visit>();
  for (const visit of visits) if (!firstByPath.has(visit.path)) firstByPath.set(visit.path, visit);
  const queue = [...firstByPath.values()];
  const agent = new http.Agent({ keepAlive: true, maxSockets: parallel });
  let answered = 0;
  const worker = async () => {
    for (let visit = queue.pop(); visit !== undefined; visit = queue.pop()) {
      const status = await get(`${url}${visit.path}`, visit.headers, agent);
      if (status >= 200 && status < 400) answered++;
    }
  };
  try {
    await Promise.all(Array.from({ length: parallel }, worker));
  } finally {
    agent.destroy();
  }
  return answered;
}

function get(url: string, headers: Record<string, string>, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('error', reject);
  });
}

/** Idle: under this share of one CPU over a 250 ms look. */
const IDLE_SHARE = 0.05;
const LOOK_MS = 250;

/**
 * Waits until the process `pid` uses under 5 % of a CPU over 250 ms, at most `limitMs`; resolves
 * with how long it waited (ms).
 */
export async function waitUntilIdle(pid: number, limitMs = 20_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    const before = processCpuUs(pid);
    await sleep(LOOK_MS);
    const after = processCpuUs(pid);
    if (before === undefined || after === undefined) break;
    if (after - before < IDLE_SHARE * LOOK_MS * 1000) break;
  }
  return Date.now() - started;
}
