/**
 * The hub page in Lighthouse (docs/api.md#lighthouse, CONTRACT §29): 100 in performance,
 * accessibility, best practices and SEO, and every scored audit but the timed metrics (which count
 * through the performance score) at full marks, on Lighthouse's
 * mobile defaults (simulated throttling: 150 ms, 1.6 Mbps, CPU 4×), for a hub with every kind of
 * item, in the light and the dark theme. One server and one Chromium (Debian's, started here with a
 * DevTools port; nothing is downloaded) serve both runs.
 *
 * Lighthouse's simulation (Lantern) takes each of the page's main-thread tasks as long as it was
 * seen and multiplies it by 4. On a shared, busy machine a task's wall time is mostly other
 * processes' time on the cores (at a load average of 17 on 2 cores, 600 ms of main-thread tasks
 * held 98 ms of this thread's CPU), and the performance score went as low as 80. So each
 * run is split as Lighthouse's CLI does with `-G` and `-A`: it gathers (gatherMode), each task of
 * the trace is timed by its thread's CPU time (tests/helpers/lighthouseTrace.ts), and the same
 * settings audit it (auditMode). The CPU multiplier stays Lighthouse's 4×, not scaled to the
 * host's benchmark index (measured while others load the machine, it went from 142 to 1,058 in a
 * minute): on a host slower than Lighthouse's reference desktop, 4× overstates the phone, which
 * only makes the check stricter. The network part (the server's observed response time) and the
 * observed speed index, which the simulation also reads, stay as measured: docs/performance.md,
 * "The hub page in Lighthouse", has the figures of repeated runs and their margins.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, newUser } from '../../../helpers/api';
import { inThreadTime, mainThreadTimes, type TraceEvent } from '../../../helpers/lighthouseTrace';
import { until } from '../../../helpers/polling';
import { makeTempDir, startTestServer, type TestServer } from '../../../helpers/testServer';

const CHROMIUM = '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Chromium headless with a DevTools port of its choosing; resolves with that port. */
function startChromium(userDataDir: string): Promise<{ port: number; process: ChildProcess }> {
  const chromium = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    // A process group of its own, so that its helpers (network, renderer) are ended with it (stopChromium).
    { detached: true },
  );
  return new Promise((resolve, reject) => {
    let said = '';
    chromium.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const port = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(said)?.[1];
      if (port) resolve({ port: Number(port), process: chromium });
    });
    chromium.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${said.slice(-500)}`)));
  });
}

/** Whether any process of the group is left. */
function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends Chromium and every helper it started (its process group), and waits until none is left, at
 * most 5 s: a helper outliving the browser kept writing the disk cache into the profile while it
 * was being removed (ENOTEMPTY in CI, twice).
 */
async function stopChromium(child: ChildProcess): Promise<void> {
  const group = child.pid;
  if (group === undefined || !groupAlive(group)) return;
  process.kill(-group, 'SIGTERM');
  const left = await until(
    () => groupAlive(group),
    (alive) => !alive,
    5000,
  );
  if (!left) return;
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // Gone meanwhile.
  }
}

describe.skipIf(!fs.existsSync(CHROMIUM))('the hub page in Lighthouse', () => {
  let server: TestServer;
  let chromium: { port: number; process: ChildProcess };
  let token: string;
  const profile = makeTempDir('me-lighthouse-');

  beforeAll(async () => {
    [server, chromium] = await Promise.all([startTestServer(), startChromium(profile)]);
    token = (await newUser(server, 'Ada')).token;
  });
  afterAll(async () => {
    // Chromium and its helpers write the profile until they have exited: the folder goes after
    // that, tried again for a few seconds all the same (Node waits 100 ms more each time).
    await Promise.all([chromium && stopChromium(chromium.process), server?.close()]);
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  /** Hubs made so far: a retried run (the suites' retry) makes its links under codes of its own. */
  let made = 0;
  async function hubIn(theme: 'light' | 'dark'): Promise<string> {
    const links: number[] = [];
    made += 1;
    for (const code of [`site-${theme}-${made}`, `shop-${theme}-${made}`, `late-${theme}-${made}`]) {
      const created = await call(server, 'POST', '/api/links/create', {
        headers: bearer(token),
        body: { target_url: `https://example.com/${code}`, short_code: code, title: `My ${code}` },
      });
      expect(created.status).toBe(201);
      links.push(created.body.link.id);
    }
    const saved = await call(server, 'PUT', '/api/hub', {
      headers: bearer(token),
      body: {
        handle: 'ada',
        title: 'Ada Lovelace',
        bio: 'Notes on the Analytical Engine, talks and a newsletter.',
        meta_description: 'Ada Lovelace’s links: her site, her shop, her talks and where to follow her.',
        theme,
        accent: '#7c3aed',
        published: true,
        items: [
          { type: 'heading', text: 'Start here' },
          { type: 'link', link_id: links[0], label: 'My website', highlight: true },
          { type: 'text', text: 'New talk every month, recorded and free to watch.' },
          { type: 'link', link_id: links[1], label: 'The shop' },
          { type: 'divider' },
          { type: 'link', link_id: links[2], label: 'Late-night episodes', sensitive: true },
          { type: 'heading', text: 'Hidden', visible: false },
          {
            type: 'social',
            socials: [
              { platform: 'github', url: 'https://github.com/ada' },
              { platform: 'mastodon', url: 'https://mastodon.social/@ada' },
              { platform: 'youtube', url: 'https://youtube.com/@ada' },
              { platform: 'linkedin', url: 'https://www.linkedin.com/in/ada' },
              { platform: 'email', url: 'ada@example.com' },
            ],
          },
        ],
      },
    });
    expect(saved.status).toBe(200);
    return `${server.url}/@ada`;
  }

  /**
   * Lighthouse on its defaults with the trace in thread time: gathers into a folder, rewrites the
   * trace there, audits what the folder holds. Answers the result and the main thread's totals.
   */
  async function lighthouseInThreadTime(url: string) {
    const folder = makeTempDir('me-lighthouse-run-');
    try {
      const flags = { port: chromium.port, logLevel: 'error' as const, onlyCategories: [...CATEGORIES] };
      await lighthouse(url, { ...flags, gatherMode: folder });
      const tracePath = path.join(folder, 'defaultPass.trace.json');
      const trace = JSON.parse(fs.readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
      fs.writeFileSync(tracePath, JSON.stringify({ ...trace, traceEvents: inThreadTime(trace.traceEvents) }));
      const result = await lighthouse(url, { ...flags, auditMode: folder });
      return { lhr: result?.lhr, times: mainThreadTimes(trace.traceEvents) };
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }

  /**
   * The timed metrics count through the performance score, which must be 100, not each at full
   * marks: their tasks' thread time still moves a little on a loaded host (a run's longest task
   * after the first paint once took 36 ms of CPU instead of about 20, 145 ms at 4×; TBT 88 ms,
   * scored 0.99, the category still 100). Max potential FID and time to interactive weigh nothing
   * in it (Lighthouse keeps them hidden). Every other scored audit must have full marks.
   */
  const SCORED_BY_THE_CATEGORY = new Set([
    'first-contentful-paint',
    'largest-contentful-paint',
    'speed-index',
    'total-blocking-time',
    'max-potential-fid',
    'interactive',
  ]);
  const METRICS = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'speed-index',
    'total-blocking-time',
    'max-potential-fid',
  ];

  it.each(['light', 'dark'] as const)(
    'scores 100 in the four categories in the %s theme, every other scored audit at full marks',
    async (theme) => {
      const url = await hubIn(theme);
      const { lhr, times } = await lighthouseInThreadTime(url);
      const categories = lhr?.categories ?? {};
      const audits = lhr?.audits ?? {};
      const scores = Object.fromEntries(
        CATEGORIES.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)]),
      );
      const metrics = METRICS.map((id) => `${id} ${Math.round(audits[id]?.numericValue ?? -1)} ms`).join(', ');
      // What the simulation read as measured: the speed index seen, the server's answer time.
      const seen = (audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0];
      const observed = `observed speed index ${Math.round(seen?.observedSpeedIndex ?? -1)} ms, server response ${Math.round(audits['server-response-time']?.numericValue ?? -1)} ms`;
      const failing = Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
        .map((audit) => `${audit.id}: ${audit.displayValue ?? ''} ${audit.explanation ?? ''}`);
      console.info(
        `Lighthouse, ${theme} theme: ${JSON.stringify(scores)}; ${metrics}; ${observed}; main-thread tasks ` +
          `${times.wallMs} ms wall, ${times.threadMs} ms thread; load ${os.loadavg()[0]?.toFixed(1)}`,
      );
      expect(scores, failing.join('; ')).toEqual(Object.fromEntries(CATEGORIES.map((name) => [name, 100])));
      expect(failing.filter((said) => !SCORED_BY_THE_CATEGORY.has(said.split(':')[0] ?? ''))).toEqual([]);
    },
    120_000,
  );
});
