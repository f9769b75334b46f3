/**
 * What a link's check means for its health (docs/api.md#link-health), pure: which destinations are
 * checked, and the link's status from what each answered and from the check before.
 */
import type { LinkRecord } from '../storage/records';
import type { LinkHealthRecord, LinkHealthResult } from '../storage/repositories/linkHealthRepository';
import type { DestinationOutcome } from './destinationCheck';

/** 5xx answers or timeouts in this many checks in a row make a link broken. */
export const SOFT_FAILURES_TO_BREAK = 2;

export type CheckedLink = Pick<
  LinkRecord,
  'target_url' | 'variants' | 'ios_url' | 'android_url' | 'geo_targets' | 'expired_url'
>;

/** The link's destinations, each once: the target, the variants, the device and country targets, expired_url. */
export function destinationsToCheck(link: CheckedLink): string[] {
  const all = [
    link.target_url,
    ...link.variants.map((variant) => variant.url),
    link.ios_url,
    link.android_url,
    ...Object.values(link.geo_targets),
    link.expired_url,
  ];
  return [...new Set(all.filter((address): address is string => typeof address === 'string'))];
}

/** Destinations one check of a link requests at most. */
export const DESTINATIONS_PER_RUN = 10;

/**
 * The destinations one check takes: all of them up to 10; beyond, the target and 9 of the others,
 * a different 9 each run (the window moves with the time of the last check), so that every one is
 * checked in turn and a link cannot make one check request more than 10.
 */
export function destinationsOfRun(link: CheckedLink, lastCheckedAt: number | null): string[] {
  const all = destinationsToCheck(link);
  if (all.length <= DESTINATIONS_PER_RUN) return all;
  const [target, ...others] = all;
  const from = Math.floor((lastCheckedAt ?? 0) / 1000) % others.length;
  const turned = [...others.slice(from), ...others.slice(0, from)];
  return [target!, ...turned.slice(0, DESTINATIONS_PER_RUN - 1)];
}

/** A check's result; whether `link.broken` is told comes of the turn (`turnOf`). */
export type Judged = Omit<LinkHealthResult, 'broken_told'>;

/**
 * Which event a check's result fires: `broken` when the link turns broken and `link.broken` was not
 * told since it was last ok (an `unchecked` spell in between, this server unable to check, is no
 * turn); `recovered` when it turns ok after `link.broken` was told. With whether it is told now.
 */
export function turnOf(
  status: LinkHealthResult['status'],
  told: boolean,
): { turn: 'broken' | 'recovered' | null; broken_told: boolean } {
  if (status === 'broken') return { turn: told ? null : 'broken', broken_told: true };
  if (status === 'ok') return { turn: told ? 'recovered' : null, broken_told: false };
  return { turn: null, broken_told: told };
}

export interface CheckedDestination {
  url: string;
  outcome: DestinationOutcome;
}

/**
 * Broken when a destination is (404, 410, DNS, TLS, too many redirects), or when one failed softly
 * (5xx, timeout) in this check and the one before; unchecked, with the reason, when a destination
 * could not be checked for a fault of this server's (no resolver answers, no network) and none is
 * broken; ok when one answered and none failed; skipped when every destination is private. A first
 * soft failure keeps the status the link had.
 */
export function judgeCheck(
  checked: readonly CheckedDestination[],
  previous: Pick<LinkHealthRecord, 'status' | 'soft_failures'> | undefined,
  now: number,
): Judged {
  const broken = checked.find((entry) => entry.outcome.kind === 'broken');
  const soft = checked.find((entry) => entry.outcome.kind === 'soft');
  const notChecked = checked.find((entry) => entry.outcome.kind === 'unchecked');
  const softFailures = soft ? (previous?.soft_failures ?? 0) + 1 : notChecked ? (previous?.soft_failures ?? 0) : 0;
  const failing = broken ?? (soft && softFailures >= SOFT_FAILURES_TO_BREAK ? soft : undefined);
  if (failing) return { ...failure(failing), status: 'broken', checked_at: now, soft_failures: softFailures };
  if (notChecked) {
    const error = (notChecked.outcome as { error: string }).error;
    return {
      status: 'unchecked',
      checked_at: now,
      http_status: null,
      error,
      url: notChecked.url,
      soft_failures: softFailures,
    };
  }
  if (soft) {
    const kept = previous?.status ?? 'unchecked';
    return {
      ...failure(soft),
      status: kept === 'skipped' ? 'unchecked' : kept,
      checked_at: now,
      soft_failures: softFailures,
    };
  }
  const ok = checked.find((entry) => entry.outcome.kind === 'ok');
  const status = ok ? 'ok' : 'skipped';
  const error = ok ? null : ((checked[0]?.outcome as { error?: string } | undefined)?.error ?? null);
  const http_status = ok && ok.outcome.kind === 'ok' ? ok.outcome.http_status : null;
  return { status, checked_at: now, http_status, error, url: null, soft_failures: 0 };
}

function failure(entry: CheckedDestination): Pick<Judged, 'http_status' | 'error' | 'url'> {
  const outcome = entry.outcome as Extract<DestinationOutcome, { kind: 'broken' | 'soft' }>;
  return { http_status: outcome.http_status, error: outcome.error, url: entry.url };
}
