/**
 * The service's Prometheus metrics (docs/api.md#running-it), in a registry of their own per app.
 *
 * The redirect path only adds one to plain numbers (a property of a small object); prom-client's
 * labelled counters, which hash their labels on every increment, are filled from those numbers
 * when /metrics is scraped. So counting costs the redirect nanoseconds, not a label lookup.
 */

import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ReplicaHealth } from '../contract/health';

/** What a short-link request came to; a fixed, small set so the series stay few. */
export const REDIRECT_OUTCOMES = [
  'redirect',
  'country_redirect',
  'instagram_exit',
  'tiktok_page',
  'bot',
  'password_form',
  'expired',
  'disabled',
  'not_found',
  'error',
] as const;
export type RedirectOutcome = (typeof REDIRECT_OUTCOMES)[number];

/** The route label of the short-link handler, which answers outside Koa's router. */
export const SHORT_LINK_ROUTE = '/:shortCode';

/** A click commit takes about a millisecond; a stalled disk or database takes seconds. */
const COMMIT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const PROMTOOL_REJECTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

export interface Metrics {
  registry: Registry;
  /** A short-link answer: its outcome and HTTP status. */
  countRedirect(outcome: RedirectOutcome, status: number): void;
  /** A request Koa answered, by route pattern (never the raw path). */
  countRequest(route: string, status: number): void;
  /** A click batch committed: its size and how long the commit took. */
  clicksStored(count: number, seconds: number): void;
}

export interface MetricsSources {
  /** Clicks waiting for their batch or a retry. */
  clicksPending(): number;
  /** Whether the database answers (always, for SQLite). */
  databaseUp?(): boolean;
  /** PostgreSQL's read replicas (docs/api.md#read-replicas). */
  replicas?(): ReplicaHealth[];
}

/** Each read replica's lag and whether it answers (docs/api.md#read-replicas). */
function replicaGauges(registry: Registry, sources: MetricsSources): void {
  new Gauge({
    name: 'me_replica_lag_seconds',
    help: 'Seconds a read replica is behind the primary (none while it is down).',
    labelNames: ['replica'],
    registers: [registry],
    collect() {
      this.reset();
      for (const replica of sources.replicas?.() ?? []) {
        if (replica.lag_s !== null) this.set({ replica: replica.name }, replica.lag_s);
      }
    },
  });
  new Gauge({
    name: 'me_replica_up',
    help: 'Whether a read replica answers (1) or is down (0).',
    labelNames: ['replica'],
    registers: [registry],
    collect() {
      this.reset();
      for (const replica of sources.replicas?.() ?? [])
        this.set({ replica: replica.name }, replica.state === 'down' ? 0 : 1);
    },
  });
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  const redirects = Object.fromEntries(REDIRECT_OUTCOMES.map((outcome) => [outcome, 0])) as Record<
    RedirectOutcome,
    number
  >;
  /** `route status` → count; the short links' statuses kept apart, keyed by status alone. */
  const requests = new Map<string, number>();
  const shortLinkStatuses = new Map<number, number>();
  let clicksStored = 0;

  new Counter({
    name: 'me_redirects_total',
    help: 'Short-link requests answered, by outcome.',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const outcome of REDIRECT_OUTCOMES) this.inc({ outcome }, redirects[outcome]);
    },
  });
  new Counter({
    name: 'me_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status.',
    labelNames: ['route', 'status'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [status, count] of shortLinkStatuses) this.inc({ route: SHORT_LINK_ROUTE, status }, count);
      for (const [key, count] of requests) {
        const split = key.lastIndexOf(' ');
        this.inc({ route: key.slice(0, split), status: key.slice(split + 1) }, count);
      }
    },
  });
  new Counter({
    name: 'me_clicks_stored_total',
    help: 'Clicks committed to the database.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(clicksStored);
    },
  });
  new Gauge({
    name: 'me_clicks_pending',
    help: 'Clicks waiting for their batch or for a retry after a failed insert.',
    registers: [registry],
    collect() {
      this.set(sources.clicksPending());
    },
  });
  new Gauge({
    name: 'me_database_up',
    help: 'Whether the database answers (1) or is unreachable (0).',
    registers: [registry],
    collect() {
      this.set(sources.databaseUp?.() === false ? 0 : 1);
    },
  });
  replicaGauges(registry, sources);
  const commitSeconds = new Histogram({
    name: 'me_click_commit_seconds',
    help: 'Time to commit one batch of clicks.',
    buckets: COMMIT_BUCKETS,
    registers: [registry],
  });
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters, which `promtool check metrics` rejects; the per-type series
  // (nodejs_active_handles{type} and the like) carry the same figures.
  for (const name of PROMTOOL_REJECTS) registry.removeSingleMetric(name);

  return {
    registry,
    countRedirect(outcome, status) {
      redirects[outcome] += 1;
      shortLinkStatuses.set(status, (shortLinkStatuses.get(status) ?? 0) + 1);
    },
    countRequest(route, status) {
      const key = `${route} ${status}`;
      requests.set(key, (requests.get(key) ?? 0) + 1);
    },
    clicksStored(count, seconds) {
      clicksStored += count;
      commitSeconds.observe(seconds);
    },
  };
}
