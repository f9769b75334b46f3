/**
 * Live stream events every instance hears (docs/api.md#live-stream): a link event made on one
 * instance reaches the streams of every instance sharing the database, by NOTIFY on the
 * `stream_events` channel (heard by linkChanges.ts's listening connection, this instance
 * included). A notification holds under 8,000 bytes, so a longer event goes as numbered parts
 * that the hearer puts together.
 */
import crypto from 'node:crypto';
import type { StreamBroadcast } from '../store';
import type { PgPool } from './database';

export const STREAM_EVENTS_CHANNEL = 'stream_events';
/** Characters a part carries: at most 4 bytes each in UTF-8, well under the 8,000-byte limit. */
const PART_CHARS = 1500;
/** Parts of an event not complete by then are let go. */
const ASSEMBLY_MS = 10_000;

/** `<key> <index> <count> <part>` for each part of `text`. */
export function broadcastParts(text: string): string[] {
  const key = crypto.randomBytes(6).toString('base64url');
  const count = Math.max(1, Math.ceil(text.length / PART_CHARS));
  const parts: string[] = [];
  for (let index = 0; index < count; index++) {
    parts.push(`${key} ${index} ${count} ${text.slice(index * PART_CHARS, (index + 1) * PART_CHARS)}`);
  }
  return parts;
}

/** Puts parts together: returns the whole text once its last part is heard. */
export function partAssembler(clock: () => number = Date.now): (part: string) => string | undefined {
  const pending = new Map<string, { parts: string[]; heard: number; since: number }>();
  return (payload) => {
    const match = /^(\S+) (\d+) (\d+) ([\s\S]*)$/.exec(payload);
    if (!match) return undefined;
    const [, key, index, count, part] = match as unknown as [string, string, string, string, string];
    if (count === '1') return part;
    const now = clock();
    for (const [other, entry] of pending) if (now - entry.since > ASSEMBLY_MS) pending.delete(other);
    const entry = pending.get(key) ?? { parts: new Array<string>(Number(count)), heard: 0, since: now };
    pending.set(key, entry);
    if (entry.parts[Number(index)] === undefined) entry.heard += 1;
    entry.parts[Number(index)] = part;
    if (entry.heard < entry.parts.length) return undefined;
    pending.delete(key);
    return entry.parts.join('');
  };
}

export function createStreamBroadcast(
  pool: PgPool,
  subscribeRaw: (listener: (payload: string) => void) => () => void,
): StreamBroadcast {
  const listeners = new Set<(text: string) => void>();
  const assemble = partAssembler();
  subscribeRaw((payload) => {
    const text = assemble(payload);
    if (text !== undefined) for (const listener of listeners) listener(text);
  });
  return {
    async publish(text) {
      // One transaction: the parts are delivered together and in order.
      await pool.query(
        `SELECT pg_notify('${STREAM_EVENTS_CHANNEL}', current_schema() || '/' || part)
         FROM unnest($1::text[]) WITH ORDINALITY AS parts(part, n) ORDER BY n`,
        [broadcastParts(text)],
      );
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
