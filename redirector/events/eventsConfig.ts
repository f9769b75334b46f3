/** The settings of webhooks and the live stream (docs/api.md#webhooks), read by config.ts. */
import { type BrokerConfig, parseBrokerConfig } from './brokers/brokerConfig';

export interface EventsConfig {
  /** OUTBOUND_ALLOW_PRIVATE=1: webhooks (and link checks) may reach private and loopback addresses. */
  outboundAllowPrivate: boolean;
  /** STREAM_MAX: live streams one instance holds at most (default 1,000). */
  streamMax: number;
  /**
   * The waits before each retry of a failed message, in ms. WEBHOOK_RETRY_MS (comma-separated)
   * exists for tests only; the default is about 5 s, 30 s, 2 min, 10 min, 1 h, 6 h and 24 h.
   */
  retryDelaysMs: readonly number[];
  /** LINK_CHECK_HOURS: link destinations are checked this often (default 24; 0: only when asked). */
  linkCheckHours: number;
  /** Each attempt of a link check, in ms: 10 s; LINK_CHECK_TIMEOUT_MS exists for tests only. */
  linkCheckTimeoutMs: number;
  /** LINK_CHECK_HOST_MS: link checks' requests to one destination host start this far apart (1 s). */
  linkCheckHostMs: number;
  /** WEBHOOK_LEASE_MS: how long a webhook worker's lease on a webhook's queue lasts unrenewed (30 s). */
  webhookLeaseMs: number;
  /** STREAM_RECHECK_MS: how often each credential with live streams open is checked again (2 s). */
  streamRecheckMs: number;
  /** EVENTS_BROKER_URL and its options (docs/api.md#events-into-a-broker); undefined: no broker. */
  broker: BrokerConfig | undefined;
}

export const DEFAULT_LINK_CHECK_HOURS = 24;

export const DEFAULT_STREAM_MAX = 1000;

/** One request per destination host a second: a service many links point at is never flooded. */
export const DEFAULT_LINK_CHECK_HOST_MS = 1_000;

/**
 * Longer than one attempt (10 s) with room to spare; renewed before an attempt once a thirtieth of
 * it has passed since it was last (webhookWorker.ts). On PostgreSQL a
 * killed instance's lease holds its webhooks' deliveries back this long at most.
 */
export const DEFAULT_WEBHOOK_LEASE_MS = 30_000;

/** Short enough that a stream outlives its credential by less than 5 s, one check included. */
export const DEFAULT_STREAM_RECHECK_MS = 2_000;

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [
  5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000, 86_400_000,
];

/** `fail` throws the service's ConfigError with the message. */
export function parseEventsConfig(
  env: NodeJS.ProcessEnv,
  parseFlag: (name: string, value: string | undefined) => boolean,
  fail: (message: string) => never,
): EventsConfig {
  const streamText = env.STREAM_MAX?.trim() ?? '';
  const streamMax = streamText === '' ? DEFAULT_STREAM_MAX : Number(streamText);
  if (!/^[0-9]*$/.test(streamText) || !Number.isSafeInteger(streamMax) || streamMax < 1) {
    fail(`STREAM_MAX must be a whole number of at least 1 (got "${env.STREAM_MAX}")`);
  }
  const retryText = env.WEBHOOK_RETRY_MS?.trim() ?? '';
  const retryDelaysMs = retryText === '' ? DEFAULT_RETRY_DELAYS_MS : retryText.split(',').map(Number);
  if (retryDelaysMs.length === 0 || retryDelaysMs.some((ms) => !Number.isSafeInteger(ms) || ms < 0)) {
    fail(`WEBHOOK_RETRY_MS must be comma-separated whole numbers of ms (got "${env.WEBHOOK_RETRY_MS}")`);
  }
  const hoursText = env.LINK_CHECK_HOURS?.trim() ?? '';
  const linkCheckHours = hoursText === '' ? DEFAULT_LINK_CHECK_HOURS : Number(hoursText);
  if (!/^[0-9]*\.?[0-9]*$/.test(hoursText) || !Number.isFinite(linkCheckHours) || linkCheckHours < 0) {
    fail(`LINK_CHECK_HOURS must be a number of hours, 0 or more (got "${env.LINK_CHECK_HOURS}")`);
  }
  const timeoutText = env.LINK_CHECK_TIMEOUT_MS?.trim() ?? '';
  const linkCheckTimeoutMs = timeoutText === '' ? 10_000 : Number(timeoutText);
  if (!Number.isSafeInteger(linkCheckTimeoutMs) || linkCheckTimeoutMs < 1) {
    fail(`LINK_CHECK_TIMEOUT_MS must be a whole number of ms (got "${env.LINK_CHECK_TIMEOUT_MS}")`);
  }
  return {
    linkCheckHours,
    linkCheckTimeoutMs,
    linkCheckHostMs: parseMs(env, 'LINK_CHECK_HOST_MS', DEFAULT_LINK_CHECK_HOST_MS, fail),
    webhookLeaseMs: parseMs(env, 'WEBHOOK_LEASE_MS', DEFAULT_WEBHOOK_LEASE_MS, fail),
    streamRecheckMs: parseMs(env, 'STREAM_RECHECK_MS', DEFAULT_STREAM_RECHECK_MS, fail),
    outboundAllowPrivate: parseFlag('OUTBOUND_ALLOW_PRIVATE', env.OUTBOUND_ALLOW_PRIVATE),
    streamMax,
    retryDelaysMs,
    broker: parseBrokerConfig(env, fail),
  };
}

/**
 * A duration in whole ms, 1 or more; unset or empty: `defaultMs`. These exist so that tests (and an
 * operator who knows why) can shorten the service's pacing (docs/api.md, "Configuration").
 */
function parseMs(env: NodeJS.ProcessEnv, name: string, defaultMs: number, fail: (message: string) => never): number {
  const text = env[name]?.trim() ?? '';
  if (text === '') return defaultMs;
  const ms = Number(text);
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(ms) || ms < 1) {
    fail(`${name} must be a whole number of ms, 1 or more (got "${env[name]}")`);
  }
  return ms;
}
