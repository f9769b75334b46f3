/**
 * Panels on the page's live stream (stream.ts): `useStream` hears its events; `useStreamedPolling`
 * is a polled call that stops polling while the stream is up and reads again right after a click
 * it cares about (so the panel changes within a second of the click), polling again only while
 * the stream is down.
 */
import { useContext, useEffect, useRef, useState } from 'react';
import type { EventClick } from '../../../redirector/contract/webhooks';
import { CredentialContext, useApi } from './ApiProvider';
import { type LiveStream, pageStream, type StreamMessage, type StreamStatus } from './stream';
import { type PollingOptions, type PollingState, usePolling } from './usePolling';

/** Clicks arriving this close together make one read. */
const GATHER_MS = 150;

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

export interface StreamedPollingOptions extends PollingOptions {
  /** Which clicks change this panel (default: every click the stream carries). */
  matches?: (click: EventClick) => boolean;
}

/** usePolling that follows the stream: no timer while it is up, one read soon after a matching click. */
export function useStreamedPolling<T>(
  fetcher: (signal: AbortSignal) => Promise<T>,
  options: StreamedPollingOptions,
): PollingState<T> & { refresh: () => void; streaming: boolean } {
  const enabled = options.enabled ?? true;
  const matchesRef = useRef(options.matches);
  matchesRef.current = options.matches;
  const refreshRef = useRef<() => void>(() => {});
  const gather = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const status = useStream((message) => {
    if (message.kind !== 'click' || gather.current !== undefined) return;
    if (matchesRef.current && !matchesRef.current(message.click)) return;
    gather.current = setTimeout(() => {
      gather.current = undefined;
      refreshRef.current();
    }, GATHER_MS);
  }, enabled);
  const streaming = status === 'open';
  const polled = usePolling(fetcher, { ...options, enabled: enabled && !streaming });
  refreshRef.current = polled.refresh;
  // Once up (again), read what came meanwhile.
  const refresh = polled.refresh;
  useEffect(() => {
    if (streaming) refresh();
  }, [streaming, refresh]);
  useEffect(() => () => clearTimeout(gather.current), []);
  return { ...polled, streaming };
}
