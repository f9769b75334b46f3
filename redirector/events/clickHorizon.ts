/**
 * The highest click id a webhook may take (docs/api.md#webhooks). On SQLite clicks commit in id
 * order, so every stored click counts. On PostgreSQL several batches commit at once and a lower
 * id may become visible after a higher one: a webhook takes only ids that were already the
 * highest HORIZON_LAG_MS ago, by which time the batches that took lower ids have committed, so
 * its cursor never passes a click still on its way.
 */
import type { EventFeed } from '../storage/repositories/eventFeed';

export const HORIZON_LAG_MS = 2000;

export interface ClickHorizon {
  /** Notes the highest stored click id now (called every tick). */
  sample(): Promise<void>;
  upTo(): Promise<number>;
}

export function clickHorizon(engine: 'sqlite' | 'postgres', feed: EventFeed, clock: () => number): ClickHorizon {
  if (engine === 'sqlite') return { sample: async () => {}, upTo: () => feed.lastClickId() };
  let samples: { at: number; id: number }[] = [];
  let settled = 0;
  return {
    async sample() {
      const now = clock();
      samples.push({ at: now, id: await feed.lastClickId() });
      const old = samples.filter((sample) => sample.at <= now - HORIZON_LAG_MS);
      if (old.length > 0) settled = Math.max(settled, ...old.map((sample) => sample.id));
      samples = samples.filter((sample) => sample.at > now - HORIZON_LAG_MS);
    },
    upTo: async () => settled,
  };
}
