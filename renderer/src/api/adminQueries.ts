/**
 * One hook per administrator read call, with the cadence each screen polls at (docs/api.md#pages):
 * the pages only compose what these answer.
 */
import { useCallback } from 'react';
import type { DateRange, LinkListQuery, UserListQuery } from '../../../redirector/contract';
import type { AdminCalls, LiveWindowMinutes } from './adminApi';
import { useAdminCalls } from './useAdminCalls';
import { useLoad } from './useLoad';
import { usePolling } from './usePolling';

export const SUMMARY_INTERVAL_MS = 30_000;
export const REALTIME_INTERVAL_MS = 5000;
export const LINK_ANALYTICS_INTERVAL_MS = 5000;
export const LIVE_INTERVAL_MS = 2000;
export const ACTIVE_VISITORS_INTERVAL_MS = 3000;

/** One read call when the screen opens and on reload; `key` values (not identities) say when to load again. */
function useAdminLoad<T>(call: (calls: AdminCalls, signal: AbortSignal) => Promise<T>, key: readonly unknown[] = []) {
  const calls = useAdminCalls();
  return useLoad((signal) => call(calls, signal), [calls, ...key]);
}

/** GET /api/links: every link, newest first. */
export function useLinks() {
  return useAdminLoad((calls, signal) => calls.listLinks(signal));
}

/** GET /api/links with the list state: one page, its count and whether there are pages around it. */
export function useLinksPage(query: LinkListQuery) {
  return useAdminLoad((calls, signal) => calls.linksPage(query, signal), [JSON.stringify(query)]);
}

/** GET /api/tags: every tag in use, with its number of links. */
export function useTags() {
  return useAdminLoad((calls, signal) => calls.tags(signal));
}

/** GET /api/users: one page of accounts with their links and clicks. */
export function useUsers(query: UserListQuery) {
  return useAdminLoad((calls, signal) => calls.users(query, signal), [JSON.stringify(query)]);
}

const rangeText = (range: DateRange | undefined) => (range ? `${range.from}..${range.to}` : 'all');

/** GET /api/analytics/{id} over a range (none: all time), polled; another range starts afresh. */
export function useLinkStats(linkId: string, range?: DateRange) {
  const calls = useAdminCalls();
  const { from, to } = range ?? {};
  return usePolling(
    useCallback(
      (signal: AbortSignal) => calls.linkAnalytics(linkId, from && to ? { from, to } : undefined, signal),
      [calls, linkId, from, to],
    ),
    { intervalMs: LINK_ANALYTICS_INTERVAL_MS, resetKey: `${linkId} ${rangeText(range)}` },
  );
}

/** GET /api/analytics/summary over a range (none: all time), polled; another range starts afresh. */
export function useSummary(range?: DateRange) {
  const calls = useAdminCalls();
  const { from, to } = range ?? {};
  return usePolling(
    useCallback(
      (signal: AbortSignal) => calls.summary(from && to ? { from, to } : undefined, signal),
      [calls, from, to],
    ),
    { intervalMs: SUMMARY_INTERVAL_MS, resetKey: rangeText(range) },
  );
}

/** GET /api/analytics/realtime, polled while `live`. */
export function useRealtime(live: boolean) {
  const calls = useAdminCalls();
  return usePolling(
    useCallback((signal: AbortSignal) => calls.realtime(signal), [calls]),
    { intervalMs: REALTIME_INTERVAL_MS, enabled: live },
  );
}

/** GET /api/analytics/live?minutes=, polled while `live`; a new window starts afresh. */
export function useLiveVisitors(minutes: LiveWindowMinutes, live: boolean, intervalMs = LIVE_INTERVAL_MS) {
  const calls = useAdminCalls();
  return usePolling(
    useCallback((signal: AbortSignal) => calls.live(minutes, signal), [calls, minutes]),
    { intervalMs, enabled: live, resetKey: minutes },
  );
}

/** GET /api/analytics/repeat-visitors. */
export function useRepeatVisitors() {
  return useAdminLoad((calls, signal) => calls.repeatVisitors(signal));
}

/** GET /api/analytics/funnel. */
export function useFunnel() {
  return useAdminLoad((calls, signal) => calls.funnel(signal));
}
