/**
 * An account's live streams on every instance together (docs/api.md#live-stream): on PostgreSQL
 * each open stream holds one of its account's places in the store's attempt places (storage/store.ts
 * AttemptStore: reserved, never counted), so an account holds at most STREAMS_PER_ACCOUNT streams
 * whichever instances they are on. The hub renews its streams' places at each keep-alive; a place
 * not renewed (an instance killed, a stream ended without giving it back) is free again after
 * HOLD_MS. On SQLite one process holds every stream: the hub's own count is the limit.
 */
import type { AttemptStore } from '../storage/store';

const SCOPE = 'live-streams';
/** Several keep-alives (15 s) long. */
export const STREAM_PLACE_HOLD_MS = 60_000;

export interface StreamPlaces {
  /** One of the account's places, or undefined when all are held. */
  take(account: number | null): Promise<number | undefined>;
  give(place: number): Promise<void>;
  renew(places: readonly number[]): Promise<void>;
}

export function createStreamPlaces(attempts: AttemptStore, max: number, clock: () => number = Date.now): StreamPlaces {
  return {
    async take(account) {
      const answer = await attempts.reserve(SCOPE, account === null ? 'admin' : `user ${account}`, {
        now: clock(),
        max,
        windowMs: 1,
        holdMs: STREAM_PLACE_HOLD_MS,
      });
      return 'granted' in answer && answer.granted ? answer.reservation : undefined;
    },
    give: (place) => attempts.settle(place, false, { now: clock(), max }),
    renew: (places) => attempts.renew(places, clock() + STREAM_PLACE_HOLD_MS),
  };
}
