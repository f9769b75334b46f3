/**
 * Benchmark seed: a deterministic database of 1,000,000 clicks across 1,000 links over 90 days,
 * written through the real store (batched transactions), with realistic device, browser, country
 * and referrer mixes, a daily rhythm, repeat visitors, bots, and a popularity skew (Zipf) that makes
 * one link busy (about 13 % of all clicks). The rollups are folded at the end, as the running
 * service would have done in the background.
 *
 * Used by `npm run bench` (scripts/bench.ts, run with tsx):
 *   const seeded = await seedBenchDatabase({ file: databaseFile(dataDir) });
 *   // start the server on dataDir, then benchAnalytics({ baseUrl, adminKey, ...seeded.analyticsTarget })
 */
import { hashPassword } from '../../redirector/auth/passwords';
import type { DeviceType } from '../../redirector/contract/clicks';
import { createPostgresStore, type PostgresStore } from '../../redirector/storage/postgres/postgresStore';
import type { NewClick } from '../../redirector/storage/records';
import { createSqliteStore, type SqliteStore } from '../../redirector/storage/sqlite/sqliteStore';
import type { Store } from '../../redirector/storage/store';
import { isDevelopingCountry } from '../../redirector/visits/developingCountries';
import { foldSeededClicks, makeSeededMonths, vacuumAnalyzeSeeded } from './seedFold';
import { seededRandom } from './stats';

export interface SeedOptions {
  /** The SQLite file to create (its folder is created; the file must not hold clicks yet). */
  file: string;
  /** Seed this PostgreSQL database (its search_path schema, empty) instead of the SQLite file. */
  databaseUrl?: string;
  /** Default 1,000,000. */
  clicks?: number;
  /** Links the clicks go to. Default 1,000. */
  links?: number;
  /** More links without clicks, so the list call pages through a large table. Default 99,000. */
  listLinks?: number;
  /** Clicks are spread over this many days before `now`. Default 90. */
  days?: number;
  /** PRNG seed; the same seed gives the same database. Default 1. */
  seed?: number;
  /** Epoch ms that counts as "now" (the newest click is just before it). Default Date.now(). */
  now?: number;
  /**
   * PostgreSQL: fold with the service's catch-up (chunks of 5,000 on the store's pool) instead of
   * the seed's own larger chunks (seedFold.ts); for the test that the two agree.
   */
  serviceFold?: boolean;
  /** Called before a long step without counts of its own (PostgreSQL's vacuum and analyze). */
  onStage?: (stage: string) => void;
  /** Called every batch with the number of clicks written so far, then every fold chunk with those folded. */
  onProgress?: (written: number, total: number, folded?: number) => void;
}

export interface SeedResult {
  links: number;
  clicks: number;
  /** Non-bot clicks (bots are about 3 % of the mix). */
  humanClicks: number;
  /** Id and click count (bots included) of the busiest link (owned by the seeded user). */
  busiestLinkId: number;
  busiestLinkClicks: number;
  /** A seeded user who owns the busiest link, for /api/analytics/user. */
  user: { email: string; password: string };
  /** Wall time of the whole seed, milliseconds (insertMs + foldMs + the links). */
  ms: number;
  /** Writing the clicks (batches of BATCH_SIZE, one transaction each). */
  insertMs: number;
  /** Folding every click into the analytics rollups (SQLite: its folder; PostgreSQL: seedFold.ts). */
  foldMs: number;
  /** PostgreSQL: vacuuming and analyzing the seeded schema, as autovacuum would (seedFold.ts); SQLite: 0. */
  vacuumMs: number;
  /** What benchAnalytics needs besides baseUrl and adminKey. */
  analyticsTarget: { linkId: number; user: { email: string; password: string } };
}

export const BENCH_USER = { email: 'bench-owner@example.com', password: 'bench-owner-password' } as const;
const BATCH_SIZE = 10_000;
const FOLD_CHUNK = 100_000;
const DAY = 86_400_000;
const HOUR = 3_600_000;

type Weighted<T> = readonly (readonly [T, number])[];

/** Picks from weighted choices with a uniform number in [0, 1). */
function picker<T>(choices: Weighted<T>): (u: number) => T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  const bounds: number[] = [];
  let running = 0;
  for (const [, weight] of choices) {
    running += weight / total;
    bounds.push(running);
  }
  return (u) => {
    let low = 0;
    let high = bounds.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (u < bounds[middle]!) high = middle;
      else low = middle + 1;
    }
    return choices[low]![0];
  };
}

const COUNTRIES: Weighted<[string, string[]]> = [
  [['US', ['New York', 'Los Angeles', 'Chicago', 'Houston', 'Ashburn', 'Seattle']], 28],
  [['IN', ['Mumbai', 'Delhi', 'Bengaluru', 'Chennai']], 10],
  [['GB', ['London', 'Manchester', 'Birmingham']], 7],
  [['DE', ['Berlin', 'Munich', 'Frankfurt am Main']], 6],
  [['BR', ['São Paulo', 'Rio de Janeiro']], 6],
  [['FR', ['Paris', 'Lyon', 'Marseille']], 4],
  [['CA', ['Toronto', 'Vancouver', 'Montreal']], 4],
  [['NG', ['Lagos', 'Abuja']], 3],
  [['ID', ['Jakarta', 'Surabaya']], 3],
  [['MX', ['Mexico City', 'Guadalajara']], 3],
  [['JP', ['Tokyo', 'Osaka']], 3],
  [['PH', ['Manila', 'Cebu City']], 2],
  [['ES', ['Madrid', 'Barcelona']], 2],
  [['IT', ['Rome', 'Milan']], 2],
  [['AU', ['Sydney', 'Melbourne']], 2],
  [['NL', ['Amsterdam']], 1.5],
  [['PK', ['Karachi', 'Lahore']], 1.5],
  [['TR', ['Istanbul']], 1.5],
  [['EG', ['Cairo']], 1],
  [['VN', ['Ho Chi Minh City', 'Hanoi']], 1],
  [['KR', ['Seoul']], 1],
  [['PL', ['Warsaw']], 1],
  [['ZA', ['Johannesburg', 'Cape Town']], 1],
  [['KE', ['Nairobi']], 1],
  [['AR', ['Buenos Aires']], 1],
  [['SE', ['Stockholm']], 0.5],
  [['XX', []], 3],
];

interface Agent {
  device_type: DeviceType;
  device_info: string | null;
  browser: string;
  browser_version: string;
  os: string;
  os_version: string;
  /** In-app browser: the referrer source it stands for. */
  app: string | null;
  user_agent: string;
}

const IOS = (version: string, browser: string, browserVersion: string, app: string | null, tail: string): Agent => ({
  device_type: 'ios',
  device_info: 'iPhone',
  browser,
  browser_version: browserVersion,
  os: 'iOS',
  os_version: version.replaceAll('_', '.'),
  app,
  user_agent: `Mozilla/5.0 (iPhone; CPU iPhone OS ${version} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ${tail}`,
});
const ANDROID = (
  model: string,
  version: string,
  browser: string,
  browserVersion: string,
  app: string | null,
): Agent => ({
  device_type: 'android',
  device_info: model,
  browser,
  browser_version: browserVersion,
  os: 'Android',
  os_version: version,
  app,
  user_agent: `Mozilla/5.0 (Linux; Android ${version}; ${model}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.86 Mobile Safari/537.36${app ? ` ${browser} ${browserVersion}` : ''}`,
});
const DESKTOP = (os: string, osVersion: string, browser: string, browserVersion: string, platform: string): Agent => ({
  device_type: 'web',
  device_info: null,
  browser,
  browser_version: browserVersion,
  os,
  os_version: osVersion,
  app: null,
  user_agent: `Mozilla/5.0 (${platform}) AppleWebKit/537.36 (KHTML, like Gecko) ${browser}/${browserVersion}`,
});

const AGENTS: Weighted<Agent> = [
  [IOS('17_6', 'Mobile Safari', '17.6', null, 'Version/17.6 Mobile/15E148 Safari/604.1'), 9],
  [IOS('18_1', 'Mobile Safari', '18.1', null, 'Version/18.1 Mobile/15E148 Safari/604.1'), 12],
  [IOS('18_1', 'Chrome', '131.0.6778.73', null, 'CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1'), 3],
  [IOS('18_1', 'Instagram', '356.0.0.27.81', 'instagram', 'Mobile/15E148 Instagram 356.0.0.27.81'), 8],
  [IOS('17_6', 'TikTok', '37.2.0', 'tiktok', 'Mobile/15E148 musical_ly_37.2.0 BytedanceWebview/d8a21c6'), 4],
  [IOS('18_1', 'Facebook', '489.0.0.44.98', 'facebook', 'Mobile/15E148 [FBAN/FBIOS;FBAV/489.0.0.44.98]'), 3],
  [ANDROID('SM-S918B', '14', 'Chrome', '131.0.6778.86', null), 7],
  [ANDROID('Pixel 8', '15', 'Chrome', '131.0.6778.86', null), 5],
  [ANDROID('SM-A536B', '14', 'Samsung Internet', '26.0', null), 3],
  [ANDROID('Redmi Note 12', '13', 'Chrome', '130.0.6723.116', null), 3],
  [ANDROID('SM-A536B', '14', 'Instagram', '356.0.0.36.112', 'instagram'), 5],
  [ANDROID('CPH2581', '14', 'TikTok', '37.3.4', 'tiktok'), 4],
  [ANDROID('moto g54 5G', '14', 'Facebook', '489.0.0.66.81', 'facebook'), 2],
  [DESKTOP('Windows', '10', 'Chrome', '131.0.0.0', 'Windows NT 10.0; Win64; x64'), 12],
  [DESKTOP('Windows', '10', 'Edge', '131.0.0.0', 'Windows NT 10.0; Win64; x64'), 4],
  [DESKTOP('Mac OS', '10.15.7', 'Safari', '18.1', 'Macintosh; Intel Mac OS X 10_15_7'), 4],
  [DESKTOP('Mac OS', '10.15.7', 'Chrome', '131.0.0.0', 'Macintosh; Intel Mac OS X 10_15_7'), 4],
  [DESKTOP('Linux', 'x86_64', 'Firefox', '133.0', 'X11; Linux x86_64; rv:133.0'), 2],
];

const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Twitterbot/1.0',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'WhatsApp/2.23.20.0 A',
];

const REFERRERS: Weighted<string | null> = [
  [null, 45],
  ['www.google.com', 16],
  ['t.co', 8],
  ['l.facebook.com', 6],
  ['www.youtube.com', 5],
  ['www.reddit.com', 5],
  ['www.linkedin.com', 4],
  ['news.ycombinator.com', 2],
  ['duckduckgo.com', 2],
  ['www.bing.com', 2],
  ['mail.google.com', 2],
  ['substack.com', 1],
];

/** Relative clicks per hour of the (UTC) day: quiet nights, busy evenings. */
const HOUR_WEIGHTS = [
  0.6, 0.4, 0.3, 0.25, 0.25, 0.3, 0.5, 0.8, 1.1, 1.3, 1.4, 1.5, 1.6, 1.6, 1.6, 1.7, 1.8, 2, 2.2, 2.3, 2.2, 1.9, 1.4,
  0.9,
];
const MAX_HOUR_WEIGHT = Math.max(...HOUR_WEIGHTS);

/** A visitor: one address with its place and device, reused for repeat visits. */
interface Visitor {
  ip: string;
  country: string;
  city: string | null;
  agent: Agent;
}

/**
 * Links nobody clicked (a third of them the seeded user's, each with a tag): the list call's
 * table at scale, while the Zipf clicks and so every other figure stay those of the first links.
 */
async function seedListLinks(store: Store, ownerId: number, count: number, from: number): Promise<void> {
  const chunk = 5_000;
  for (let start = 0; start < count; start += chunk) {
    const links = Array.from({ length: Math.min(chunk, count - start) }, (_, offset) => {
      const i = start + offset;
      return {
        user_id: i % 3 === 0 ? ownerId : null,
        title: `Listed ${i}`,
        target_url: `https://shop.example.com/l/${i}`,
        short_code: `list${i}`,
        enable_tiktok_bypass: false,
        enable_country_redirect: false,
        country_redirect_url: null,
        enable_instagram_exit: false,
        instagram_exit_url: null,
        created_at: from + i * 1_000,
        tags: [`batch-${i % 20}`],
      };
    });
    await store.links.insertMany(links, { maxLinks: undefined, randomCode: () => '' });
  }
}

/** How `npm run bench` seeds (the analytics phase and --replica): SeedOptions' place, and the run's. */
export interface BenchSeed extends Pick<SeedOptions, 'file' | 'databaseUrl' | 'clicks'> {
  /** --quick: a tenth of the list's links, as it takes a tenth of the clicks. */
  quick: boolean;
  /** Writes one line of the run's progress. */
  progress: (line: string) => void;
  /** How often at most a count of clicks written or folded is said. */
  everyMs: number;
}

/** The bench's seed, saying each stage and, every `everyMs` at most, how many clicks are written or folded. */
export function seedWithProgress({ quick, progress, everyMs, ...place }: BenchSeed): Promise<SeedResult> {
  let lastReport = Date.now();
  const count = (n: number) => n.toLocaleString('en-US');
  return seedBenchDatabase({
    ...place,
    listLinks: quick ? 9_000 : 99_000,
    onStage: (stage) => progress(`  ${stage}`),
    onProgress: (written, total, folded) => {
      if (Date.now() - lastReport < everyMs) return;
      lastReport = Date.now();
      progress(
        folded === undefined
          ? `  ${count(written)} / ${count(total)} clicks written`
          : `  ${count(folded)} / ${count(written)} clicks folded into the rollups`,
      );
    },
  });
}

export async function seedBenchDatabase(options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const total = options.clicks ?? 1_000_000;
  const linkCount = options.links ?? 1_000;
  const days = options.days ?? 90;
  const now = options.now ?? Date.now();
  const random = seededRandom(options.seed ?? 1);
  const store: Store = options.databaseUrl
    ? await createPostgresStore(options.databaseUrl)
    : createSqliteStore(options.file);
  if (store.kind === 'sqlite') {
    const sqlite = store as SqliteStore;
    await sqlite.analytics.stopBackgroundFolding();
    // A seed, not a service: the rollups' pages stay in memory, and a crash means seeding again.
    sqlite.db.pragma('cache_size = -1000000');
    sqlite.db.pragma('synchronous = OFF');
  }
  try {
    if ((await store.clicks.countAll()) > 0) throw new Error(`${options.file} already holds clicks`);
    if (store.kind === 'postgres') await makeSeededMonths((store as PostgresStore).pool, now - days * DAY, now);

    const owner = await store.users.create({
      name: 'Bench owner',
      email: BENCH_USER.email,
      password_hash: await hashPassword(BENCH_USER.password),
      created_at: now - (days + 1) * DAY,
    });
    const linkIds: number[] = [];
    const developingRedirect: boolean[] = [];
    const instagramExit: boolean[] = [];
    for (let i = 0; i < linkCount; i++) {
      const countryRedirect = i === 0 || random() < 0.1;
      const igExit = i === 0 || random() < 0.08;
      const link = await store.links.create({
        user_id: i === 0 || random() < 0.3 ? owner.id : null,
        title: i === 0 ? 'Launch campaign' : `Campaign ${i}`,
        target_url: `https://shop.example.com/p/${i}?utm_source=me`,
        short_code: `bench${i}`,
        enable_tiktok_bypass: random() < 0.05,
        enable_country_redirect: countryRedirect,
        country_redirect_url: countryRedirect ? 'https://www.google.com/' : null,
        enable_instagram_exit: igExit,
        instagram_exit_url: igExit ? `https://example.com/ig-exit/${i}` : null,
        created_at: now - (days + 1) * DAY + i * 60_000,
      });
      linkIds.push(link.id);
      developingRedirect.push(countryRedirect);
      instagramExit.push(igExit);
    }

    await seedListLinks(store, owner.id, options.listLinks ?? 99_000, now - (days + 1) * DAY + linkCount * 60_000);

    // Zipf popularity (s = 1): link 0 gets about 1/H(1000) ≈ 13 % of the clicks.
    const pickLink = picker(linkIds.map((_, i) => [i, 1 / (i + 1)] as const));
    const pickCountry = picker(COUNTRIES);
    const pickAgent = picker(AGENTS);
    const pickReferrer = picker(REFERRERS);
    // About 40 % of clicks come back from a pool of regulars; the rest are mostly new addresses.
    const regulars: Visitor[] = [];
    let nextAddress = 0;
    const newVisitor = (): Visitor => {
      const n = nextAddress++;
      const [country, cities] = pickCountry(random());
      return {
        ip: `${11 + (n >>> 16)}.${(n >>> 8) & 255}.${n & 255}.${1 + (n % 250)}`,
        country,
        city: cities.length === 0 ? null : cities[Math.floor(random() * cities.length)]!,
        agent: pickAgent(random()),
      };
    };
    const visitor = (): Visitor => {
      if (regulars.length > 0 && random() < 0.4) return regulars[Math.floor(regulars.length * random() ** 2)]!;
      const fresh = newVisitor();
      if (regulars.length < 20_000 && random() < 0.2) regulars.push(fresh);
      return fresh;
    };

    // Days (24-hour spans ending at `now`) get busier towards today, a growing audience; within a
    // day the hours follow HOUR_WEIGHTS (rejection sampling); each day's clicks in time order.
    const dayWeights = Array.from({ length: days }, (_, d) => 1 + d / days);
    const weightSum = dayWeights.reduce((a, b) => a + b, 0);
    let written = 0;
    let humans = 0;
    let busiest = 0;
    let batch: NewClick[] = [];
    const insertStarted = performance.now();
    for (let d = 0; d < days; d++) {
      const dayCount =
        d === days - 1 ? total - written - batch.length : Math.round((total * dayWeights[d]!) / weightSum);
      const dayStart = now - (days - d) * DAY;
      const times: number[] = [];
      while (times.length < dayCount) {
        const time = dayStart + Math.floor(random() * DAY);
        const hour = Math.floor((time % DAY) / HOUR);
        if (random() * MAX_HOUR_WEIGHT < HOUR_WEIGHTS[hour]!) times.push(time);
      }
      times.sort((a, b) => a - b);
      for (const clickedAt of times) {
        const index = pickLink(random());
        const bot = random() < 0.03;
        const who = bot ? null : visitor();
        const agent = who?.agent;
        const blocked = who !== null && developingRedirect[index]! && isDevelopingCountry(who.country);
        batch.push({
          link_id: linkIds[index]!,
          clicked_at: clickedAt,
          ip_address: who?.ip ?? `66.249.${Math.floor(random() * 64)}.${Math.floor(random() * 250) + 1}`,
          country: who?.country ?? 'US',
          city: who?.city ?? null,
          device_type: agent?.device_type ?? 'web',
          device_info: agent?.device_info ?? null,
          browser: agent?.browser ?? null,
          browser_version: agent?.browser_version ?? null,
          os: agent?.os ?? null,
          os_version: agent?.os_version ?? null,
          referrer_source: agent?.app ?? (bot ? null : pickReferrer(random())),
          instagram_exit: !blocked && agent?.app === 'instagram' && instagramExit[index]!,
          blocked,
          is_bot: bot,
          user_agent: agent?.user_agent ?? BOTS[Math.floor(random() * BOTS.length)]!,
        });
        if (!bot) humans++;
        if (index === 0) busiest++;
        if (batch.length >= BATCH_SIZE) {
          await store.clicks.insertMany(batch);
          written += batch.length;
          batch = [];
          options.onProgress?.(written, total);
        }
      }
    }
    if (batch.length > 0) {
      await store.clicks.insertMany(batch);
      written += batch.length;
      options.onProgress?.(written, total);
    }
    const insertMs = performance.now() - insertStarted;

    const foldStarted = performance.now();
    // Chunks keep each transaction (and the WAL) a sensible size.
    if (options.databaseUrl && !options.serviceFold) {
      await foldSeededClicks(options.databaseUrl, (folded) => options.onProgress?.(written, total, folded));
    } else {
      let folded = 0;
      for (
        let chunk = await store.analytics.catchUp(FOLD_CHUNK);
        chunk > 0;
        chunk = await store.analytics.catchUp(FOLD_CHUNK)
      ) {
        folded += chunk;
        options.onProgress?.(written, total, folded);
      }
    }
    const foldMs = performance.now() - foldStarted;
    if (store.kind === 'sqlite') (store as SqliteStore).db.pragma('wal_checkpoint(TRUNCATE)');
    const vacuumStarted = performance.now();
    if (options.databaseUrl) {
      options.onStage?.('vacuuming and analyzing the seeded schema, as autovacuum would');
      await vacuumAnalyzeSeeded(options.databaseUrl);
    }
    const vacuumMs = performance.now() - vacuumStarted;

    const user = { ...BENCH_USER };
    return {
      links: linkCount + (options.listLinks ?? 99_000),
      clicks: written,
      humanClicks: humans,
      busiestLinkId: linkIds[0]!,
      busiestLinkClicks: busiest,
      user,
      ms: performance.now() - started,
      insertMs,
      foldMs,
      vacuumMs,
      analyticsTarget: { linkId: linkIds[0]!, user },
    };
  } finally {
    await store.close();
  }
}
