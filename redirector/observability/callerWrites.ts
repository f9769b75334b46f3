/**
 * Read-your-own-writes for replica reads (docs/api.md#read-replicas): each API request runs with
 * its caller (a digest of the credential it presents) as its context; a request that wrote marks
 * its caller, and for READ_OWN_WRITES_MS after that every read of that caller goes to the primary.
 * The marks are this instance's, and every instance hears the others' (postgres/callerWritesFeed.ts),
 * so a caller sent to another instance by the load balancer still reads its write.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';

/** How long after its own write a caller's reads stay on the primary. */
export const READ_OWN_WRITES_MS = 5_000;

interface CallerContext {
  readonly caller: string | undefined;
}

const context = new AsyncLocalStorage<CallerContext>();
/**
 * How many replica sets read by caller (postgres/replicaReads.ts): none, and no request runs as its
 * caller. An AsyncLocalStorage's first run() turns on Node's async hooks for every promise of the
 * process, redirects included (docs/performance.md, "The redirect path on SQLite: the profile"),
 * so a store without replicas never pays for it.
 */
let trackers = 0;
/** caller digest → when its last write was noted (ms). */
const lastWrites = new Map<string, number>();
const heardListeners = new Set<(caller: string) => Promise<void> | void>();

/** A digest of the credential headers (never the credential itself); undefined when none. */
export function callerOf(headers: { authorization?: string; apiKey?: string; cookie?: string }): string | undefined {
  const presented = [headers.authorization, headers.apiKey, headers.cookie].map((value) => value?.trim() ?? '');
  if (presented.every((value) => value === '')) return undefined;
  return crypto.createHash('sha256').update(presented.join('\n')).digest('base64url').slice(0, 22);
}

/** Requests run as their callers until the returned function is called (a replica set's life). */
export function trackCallers(): () => void {
  trackers += 1;
  let tracking = true;
  return () => {
    if (!tracking) return;
    tracking = false;
    trackers -= 1;
    if (trackers === 0) context.disable();
  };
}

/** Whether requests run as their callers: only while replicas are read (trackCallers). */
export function callersTracked(): boolean {
  return trackers > 0;
}

/**
 * Runs `work` as the request of the caller `readCaller` names, while callers are tracked. Otherwise
 * runs it as no one's (undefined), without reading the caller (a digest per request) or entering the
 * AsyncLocalStorage: the one place that decides whether a request runs as its caller.
 */
export function asCaller<T>(readCaller: () => string | undefined, work: (caller: string | undefined) => T): T {
  if (trackers === 0) return work(undefined);
  const caller = readCaller();
  return context.run({ caller }, () => work(caller));
}

function forget(now: number): void {
  for (const [caller, at] of lastWrites) if (now - at >= READ_OWN_WRITES_MS) lastWrites.delete(caller);
}

/**
 * Notes that `caller` (default: the current request's) wrote now; resolves once the listeners
 * (the other instances) are told, so that the answer leaves after them. A failure to tell is theirs.
 */
export async function noteWrite(caller = context.getStore()?.caller, now = Date.now()): Promise<void> {
  if (caller === undefined) return;
  forget(now);
  lastWrites.set(caller, now);
  await Promise.all([...heardListeners].map((listener) => Promise.resolve(listener(caller)).catch(() => undefined)));
}

/** A write another instance noted: marked here without telling the listeners again. */
export function heardWrite(caller: string, now = Date.now()): void {
  forget(now);
  lastWrites.set(caller, now);
}

/** Hears each write noted on this instance (to tell the others); returns the unsubscribe. */
export function onNotedWrite(listener: (caller: string) => Promise<void> | void): () => void {
  heardListeners.add(listener);
  return () => heardListeners.delete(listener);
}

/** Whether the current request's caller wrote within READ_OWN_WRITES_MS: then it reads the primary. */
export function callerWroteRecently(now = Date.now()): boolean {
  const caller = context.getStore()?.caller;
  if (caller === undefined) return false;
  const at = lastWrites.get(caller);
  return at !== undefined && now - at < READ_OWN_WRITES_MS;
}
