/**
 * Analytics (docs/api.md#analytics): the calls, each with the browser's time zone as `tz` so hours,
 * weekdays and days match what the reader sees, and one hook per panel with the cadence it polls
 * at (docs/api.md#pages). A link's clicks as CSV are one call whatever the credential; its figures
 * differ by audience on the server (the administrator's answer carries more), so they are two.
 */

import { useCallback } from 'react';
import type { AnalyticsAnswers, DateRange, UserLinkAnalyticsResponse } from '../../../redirector/contract';
import { browserTimeZone } from '../format/dates';
import { i18next } from '../i18n';
import { useCalls } from './ApiProvider';
import { type Credential, type HttpClient, isAdmin } from './client';
import { foldLinkStats, foldLive, foldRealtime, foldSummary } from './streamFolds';
import { useCallLoad } from './useLoad';
import { useStreamedPolling } from './useStream';

export const SUMMARY_INTERVAL_MS = 30_000;
export const REALTIME_INTERVAL_MS = 5000;
export const LINK_ANALYTICS_INTERVAL_MS = 5000;
export const LIVE_INTERVAL_MS = 2000;
export const ACTIVE_VISITORS_INTERVAL_MS = 3000;

export type LiveWindowMinutes = 2 | 5 | 10 | 30;

export function analyticsCalls(http: HttpClient, credential: Credential) {
  const tz = browserTimeZone();
  const get = <T>(path: string, query: Record<string, string | number | undefined>, signal?: AbortSignal) =>
    http.request<T>(path, { credential, query: { tz, ...query }, signal });
  const ofLink = (id: number | string) => `/api/analytics/${encodeURIComponent(String(id))}`;
  return {
    /** The administrator's figures of one link; without a range, all time. */
    link: (id: number | string, range?: DateRange, signal?: AbortSignal) =>
      get<AnalyticsAnswers['link']>(ofLink(id), { ...range }, signal),
    /** A user's figures of one of their links; without a range, all time. */
    ownLink: (linkId: number, range?: DateRange, signal?: AbortSignal) =>
      get<AnalyticsAnswers['ownLink']>('/api/analytics/user', { linkId, ...range }, signal),
    /** One link's clicks as CSV, of the range when one is given. */
    clicksCsv: (id: number | string, range?: DateRange) =>
      isAdmin(credential)
        ? http.download(`${ofLink(id)}/clicks`, { credential, query: { tz, format: 'csv', ...range } })
        : http.download('/api/analytics/user/clicks', {
            credential,
            query: { linkId: id, tz, format: 'csv', ...range },
          }),
    summary: (range?: DateRange, signal?: AbortSignal) =>
      get<AnalyticsAnswers['summary']>('/api/analytics/summary', { ...range }, signal),
    realtime: (signal?: AbortSignal) => get<AnalyticsAnswers['realtime']>('/api/analytics/realtime', {}, signal),
    live: (minutes: LiveWindowMinutes, signal?: AbortSignal) =>
      get<AnalyticsAnswers['live']>('/api/analytics/live', { minutes }, signal),
    repeatVisitors: (signal?: AbortSignal) =>
      get<AnalyticsAnswers['repeatVisitors']>('/api/analytics/repeat-visitors', {}, signal),
    funnel: (signal?: AbortSignal) => get<AnalyticsAnswers['funnel']>('/api/analytics/funnel', {}, signal),
  };
}

export type AnalyticsCalls = ReturnType<typeof analyticsCalls>;

export function useAnalyticsCalls(): AnalyticsCalls {
  return useCalls(analyticsCalls);
}

const rangeText = (range: DateRange | undefined) => (range ? `${range.from}..${range.to}` : 'all');
/** The range to send: both ends, or none (all time). */
const whole = (from?: string, to?: string): DateRange | undefined => (from && to ? { from, to } : undefined);

/** A link's figures over a range (none: all time), moved on by each of its clicks and read again at most every 5 s (polled while the stream is down); another range starts afresh. */
export function useLinkStats(linkId: string, range?: DateRange) {
  const calls = useAnalyticsCalls();
  const { from, to } = range ?? {};
  return useStreamedPolling(
    useCallback((signal: AbortSignal) => calls.link(linkId, whole(from, to), signal), [calls, linkId, from, to]),
    {
      intervalMs: LINK_ANALYTICS_INTERVAL_MS,
      resetKey: `${linkId} ${rangeText(range)}`,
      matches: (click) => String(click.link_id) === linkId,
      fold: (data, click) => foldLinkStats(data, click, range),
    },
  );
}

/**
 * A user's figures of the selected link (null: none selected) over a range (none: all time), as the
 * view shows them: loading, failed (with the text to show) or ready; `retry` loads again.
 */
export function useOwnLinkStats(linkId: number | null, range?: DateRange) {
  const calls = useAnalyticsCalls();
  const { from, to } = range ?? {};
  const loaded = useStreamedPolling(
    useCallback(
      async (signal: AbortSignal) => (linkId === null ? undefined : calls.ownLink(linkId, whole(from, to), signal)),
      [calls, linkId, from, to],
    ),
    {
      intervalMs: LINK_ANALYTICS_INTERVAL_MS,
      resetKey: `${linkId} ${rangeText(range)}`,
      matches: (click) => click.link_id === linkId,
      fold: (data, click) => (data ? foldLinkStats(data, click, range) : data),
    },
  );
  const state: UserLinkStatsState = loaded.loading
    ? { status: 'loading' }
    : loaded.error && !loaded.data
      ? { status: 'error', message: i18next.t('api.analyticsLoadFailed') }
      : loaded.data
        ? { status: 'ready', data: loaded.data }
        : { status: 'loading' };
  return { state, retry: loaded.refresh };
}

export type UserLinkStatsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: UserLinkAnalyticsResponse };

/** The summary over a range (none: all time): moved on by each click and read again at most every 5 s (polled while the stream is down); another range starts afresh. */
export function useSummary(range?: DateRange) {
  const calls = useAnalyticsCalls();
  const { from, to } = range ?? {};
  return useStreamedPolling(
    useCallback((signal: AbortSignal) => calls.summary(whole(from, to), signal), [calls, from, to]),
    {
      intervalMs: SUMMARY_INTERVAL_MS,
      resetKey: rangeText(range),
      fold: (data, click) => foldSummary(data, click, range),
    },
  );
}

/** The last hour while `live`: moved on by each click and read again at most every 5 s (polled while the stream is down). */
export function useRealtime(live: boolean) {
  const calls = useAnalyticsCalls();
  return useStreamedPolling(
    useCallback((signal: AbortSignal) => calls.realtime(signal), [calls]),
    { intervalMs: REALTIME_INTERVAL_MS, enabled: live, fold: foldRealtime },
  );
}

/** The visitors of the last `minutes` while `live`: moved on by each click and read again at most every 5 s (polled while the stream is down); a new window starts afresh. */
export function useLiveVisitors(minutes: LiveWindowMinutes, live: boolean, intervalMs = LIVE_INTERVAL_MS) {
  const calls = useAnalyticsCalls();
  return useStreamedPolling(
    useCallback((signal: AbortSignal) => calls.live(minutes, signal), [calls, minutes]),
    { intervalMs, enabled: live, resetKey: minutes, fold: foldLive },
  );
}

export function useRepeatVisitors() {
  return useCallLoad(useAnalyticsCalls(), (calls, signal) => calls.repeatVisitors(signal));
}

export function useFunnel() {
  return useCallLoad(useAnalyticsCalls(), (calls, signal) => calls.funnel(signal));
}
