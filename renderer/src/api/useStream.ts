/**
 * Panels on the page's live stream (stream.ts): `useStream` hears its events; `useStreamedPolling`
 * is a polled call that stops polling while the stream is up, moves its figures on from each click
 * it cares about (so the panel changes within a second of the click) and reads the call again soon
 * after, at most once per STREAMED_READ_MS however fast clicks come, polling again only while the
 * stream is down.
 */
import { useContext, useEffect, useRef, useState } from 'react';
import type { EventClick } from '../../../redirector/contract/webhooks';
import { CredentialContext, useApi } from './ApiProvider';
import { type LiveStream, pageStream, type StreamMessage, type StreamStatus } from './stream';
import { type PollingOptions, type PollingState, usePolling } from './usePolling';

/** Clicks arriving this close together make one read. */
const GATHER_MS = 150;
/** However fast clicks come, a panel on the stream reads its call again at most once per this (docs/api.md#live-stream). */
export const STREAMED_READ_MS = 5000;

/** The page's stream for the signed-in credential; undefined when signed out. */
export function usePageStream(): LiveStream | undefined {
  const api = useApi();
  const signedIn = useContext(CredentialContext);
  const credential = signedIn?.credential;
  const [stream, setStream] = useState<LiveStream | undefined>(undefined);
  useEffect(() => setStream(credential ? pageStream(api.http, credential) : undefined), [api, credential]);
  return stream;
}

/** Hears the stream's events while `enabled`; returns its status. */
export function useStream(onMessage: (message: StreamMessage) => void, enabled = true): StreamStatus {
  const stream = usePageStream();
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;
  const [status, setStatus] = useState<StreamStatus>(stream?.status ?? 'down');
  useEffect(() => {
    if (!stream || !enabled) return;
    setStatus(stream.status);
    const unwatch = stream.watchStatus(setStatus);
    const unsubscribe = stream.subscribe((message) => onMessageRef.current(message));
    return () => {
      unwatch();
      unsubscribe();
    };
  }, [stream, enabled]);
  return enabled ? status : 'down';
}

export interface StreamedPollingOptions<T> extends PollingOptions {
  /** Which clicks change this panel (default: every click the stream carries). */
  matches?: (click: EventClick) => boolean;
  /** The panel's figures moved on by a click, shown at once until the next read (streamFolds.ts). */
  fold?: (data: T, click: EventClick) => T;
}

/**
 * usePolling that follows the stream: no timer while it is up; a matching click changes the data
 * at once (`fold`) and brings one read soon, but however fast clicks come the call is read again at
 * most once per STREAMED_READ_MS (the first click after a quiet while is read within GATHER_MS).
 */
export function useStreamedPolling<T>(
  fetcher: (signal: AbortSignal) => Promise<T>,
  options: StreamedPollingOptions<T>,
): PollingState<T> & { refresh: () => void; streaming: boolean } {
  const enabled = options.enabled ?? true;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const refreshRef = useRef<() => void>(() => {});
  const updateRef = useRef<(change: (data: T) => T) => void>(() => {});
  const gather = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** When the call was last asked for or answered (Date.now()). */
  const lastRead = useRef(0);
  const status = useStream((message) => {
    if (message.kind !== 'click') return;
    const { matches, fold } = optionsRef.current;
    if (matches && !matches(message.click)) return;
    if (fold) updateRef.current((data) => fold(data, message.click));
    if (gather.current !== undefined) return;
    const wait = Math.max(GATHER_MS, lastRead.current + STREAMED_READ_MS - Date.now());
    gather.current = setTimeout(() => {
      gather.current = undefined;
      lastRead.current = Date.now();
      refreshRef.current();
    }, wait);
  }, enabled);
  const streaming = status === 'open';
  const polled = usePolling(fetcher, { ...options, enabled: enabled && !streaming });
  refreshRef.current = polled.refresh;
  updateRef.current = polled.update;
  if (polled.updatedAt !== undefined) lastRead.current = Math.max(lastRead.current, polled.updatedAt);
  // Once up (again), read what came meanwhile.
  const refresh = polled.refresh;
  useEffect(() => {
    if (streaming) refresh();
  }, [streaming, refresh]);
  // Paused (or gone): a read a click asked for before is not made (docs/api.md#live-stream).
  useEffect(() => {
    if (enabled) return;
    clearTimeout(gather.current);
    gather.current = undefined;
  }, [enabled]);
  useEffect(() => () => clearTimeout(gather.current), []);
  const { update: _update, ...state } = polled;
  return { ...state, streaming };
}
