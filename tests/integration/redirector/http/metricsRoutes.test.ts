/**
 * GET /metrics (docs/api.md#running-it): 404 unless METRICS_TOKEN is set and sent as a bearer
 * token; otherwise Prometheus' text format that `promtool check metrics` accepts, with the counts
 * of the redirects, clicks and requests the test made, on SQLite and PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { closedAfterEach } from '../../../helpers/closedAfterEach';
import { IP, UA } from '../../../helpers/visitors';
import { newDataPlace, type RunningServer, STORE_KINDS, send, startServerOn } from './hardeningHelpers';

const TOKEN = 'metrics-token-0123456789';

/** `promtool check metrics` on the text; its complaints, or an error when promtool is missing. */
function promtoolCheck(text: string): string {
  const run = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  if (run.error) {
    throw new Error(`promtool is missing (${run.error.message}): install Debian's prometheus package (.ci/run does)`);
  }
  return run.status === 0 ? '' : `${run.stdout}${run.stderr}` || `exit ${run.status}`;
}

/** `name{labels} value` lines → value by series. */
function parseSeries(text: string): Map<string, number> {
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const split = line.lastIndexOf(' ');
    series.set(line.slice(0, split), Number(line.slice(split + 1)));
  }
  return series;
}

async function scrape(server: RunningServer, headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }) {
  const response = await fetch(`${server.url}/metrics`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

async function visit(
  server: RunningServer,
  shortCode: string,
  userAgent: string,
  address: string = IP.us,
): Promise<number> {
  const response = await fetch(`${server.url}/${shortCode}`, {
    redirect: 'manual',
    headers: { 'User-Agent': userAgent, 'X-Forwarded-For': address },
  });
  await response.arrayBuffer();
  return response.status;
}

const keep = closedAfterEach();

describe.each(STORE_KINDS)('/metrics on %s', (kind) => {
  it('counts redirects by outcome, stored clicks, commits and requests by route; promtool accepts it', async () => {
    const place = keep(await newDataPlace(kind), (opened) => opened.drop());
    const server = keep(await startServerOn(place, { env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: '1' } }), (opened) =>
      opened.close(),
    );
    const admin = { 'X-API-Key': server.adminKey };
    const links = [
      { short_code: 'plain', target_url: 'https://example.com/' },
      {
        short_code: 'rules',
        target_url: 'https://example.com/',
        enable_tiktok_bypass: true,
        enable_country_redirect: true,
        country_redirect_url: 'https://example.org/local',
        enable_instagram_exit: true,
        instagram_exit_url: 'https://example.net/exit',
      },
    ];
    for (const body of links)
      expect((await send(server.url, 'POST', '/api/links', { body, headers: admin })).status).toBe(201);
    expect((await send(server.url, 'GET', '/api/analytics/nope-404', { headers: admin })).status).toBe(404);

    const statuses = [
      await visit(server, 'plain', UA.desktopChrome),
      await visit(server, 'plain', UA.iphoneSafari),
      await visit(server, 'rules', UA.desktopChrome, IP.india),
      await visit(server, 'rules', UA.instagramIos),
      await visit(server, 'rules', UA.tiktokIos),
      await visit(server, 'plain', UA.googlebot),
      await visit(server, 'missing', UA.desktopChrome),
    ];
    expect(statuses).toEqual([302, 302, 302, 302, 200, 302, 404]);

    const scraped = await scrape(server);
    expect(scraped.status).toBe(200);
    expect(scraped.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(promtoolCheck(scraped.text)).toBe('');
    const series = parseSeries(scraped.text);
    const outcome = (name: string) => series.get(`me_redirects_total{outcome="${name}"}`);
    expect([
      outcome('redirect'),
      outcome('country_redirect'),
      outcome('instagram_exit'),
      outcome('tiktok_page'),
      outcome('bot'),
      outcome('not_found'),
      outcome('error'),
    ]).toEqual([2, 1, 1, 1, 1, 1, 0]);
    expect(series.get('me_clicks_stored_total')).toBe(6);
    expect(series.get('me_clicks_pending')).toBe(0);
    const commits = series.get('me_click_commit_seconds_count') ?? 0;
    expect(commits).toBeGreaterThanOrEqual(1);
    expect(commits).toBeLessThanOrEqual(6);
    expect(series.get('me_click_commit_seconds_bucket{le="+Inf"}')).toBe(commits);
    expect(series.get('me_http_requests_total{route="/:shortCode",status="302"}')).toBe(5);
    expect(series.get('me_http_requests_total{route="/:shortCode",status="200"}')).toBe(1);
    expect(series.get('me_http_requests_total{route="/:shortCode",status="404"}')).toBe(1);
    expect(series.get('me_http_requests_total{route="/api/links",status="201"}')).toBe(2);
    // The route pattern, never the raw path: no series names a link's code.
    expect(series.get('me_http_requests_total{route="/api/analytics/:id",status="404"}')).toBe(1);
    expect(scraped.text).not.toContain('nope-404');
    expect(series.get('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(series.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });
});

it('answers 404 without METRICS_TOKEN, and without or with a wrong bearer token', async () => {
  const place = keep(await newDataPlace('sqlite'), (opened) => opened.drop());
  const tokenless = await startServerOn(place);
  try {
    expect((await scrape(tokenless)).status).toBe(404);
  } finally {
    await tokenless.close();
  }

  const server = keep(await startServerOn(place, { env: { METRICS_TOKEN: TOKEN } }), (opened) => opened.close());
  expect((await scrape(server, {})).status).toBe(404);
  expect((await scrape(server, { Authorization: `Bearer ${TOKEN}x` })).status).toBe(404);
  expect((await scrape(server, { Authorization: TOKEN })).status).toBe(404);
  expect((await scrape(server, { 'X-API-Key': server.adminKey })).status).toBe(404);
  expect((await scrape(server)).status).toBe(200);
});
