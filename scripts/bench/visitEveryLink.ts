/**
 * Before the redirect phase's measured runs (docs/performance.md, "The bench"): every link of a
 * visit pool visited once, so that no run pays a link's first visit (read from the database, and
 * for a rule link its 20 rules compiled), which a timed warm-up reaches only for popular links.
 */
import http from 'node:http';
import type { Visit } from './traffic';

/** Visits each distinct path (a link) of `visits` once (its first visit's headers), `parallel` at a time; resolves with the 2xx and 3xx answers. */
export async function visitEveryLink(url: string, visits: readonly Visit[], parallel = 16): Promise<number> {
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
