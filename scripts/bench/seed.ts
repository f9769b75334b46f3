/**
 * Benchmark seed: a deterministic database of 1,000,000 clicks across 1,000 links over 90 days,
 * written through the real store (batched transactions), with realistic device, country and
 * referrer mixes and a skew so that one link is busy.
 *
 * Used by `npm run bench` (scripts/bench.mjs, run with tsx):
 *   const seeded = await seedBenchDatabase({ file: path.join(dataDir, 'me.sqlite') });
 *   // start the server on dataDir, then benchAnalytics({ baseUrl, adminKey, ...seeded.analyticsTarget })
 */

export interface SeedOptions {
  /** The SQLite file to create (its folder is created; the file must not hold clicks yet). */
  file: string;
  /** Default 1,000,000. */
  clicks?: number;
  /** Default 1,000. */
  links?: number;
  /** Clicks are spread over this many days before `now`. Default 90. */
  days?: number;
  /** PRNG seed; the same seed gives the same database. Default 1. */
  seed?: number;
  /** Epoch ms that counts as "now" (the newest click is just before it). Default Date.now(). */
  now?: number;
  /** Called every batch with the number of clicks written so far. */
  onProgress?: (written: number, total: number) => void;
}

export interface SeedResult {
  links: number;
  clicks: number;
  /** Non-bot clicks (bots are about 3 % of the mix). */
  humanClicks: number;
  /** Id and click count of the busiest link (owned by the seeded user). */
  busiestLinkId: number;
  busiestLinkClicks: number;
  /** A seeded user who owns the busiest link, for /api/analytics/user. */
  user: { email: string; password: string };
  /** Wall time of the seed, milliseconds. */
  ms: number;
  /** What benchAnalytics needs besides baseUrl and adminKey. */
  analyticsTarget: { linkId: number; user: { email: string; password: string } };
}

export async function seedBenchDatabase(_options: SeedOptions): Promise<SeedResult> {
  throw new Error('seedBenchDatabase: not implemented yet');
}
