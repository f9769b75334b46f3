/**
 * The bench's data: 10,000 links with a realistic mix of options, and a pool of visits (path,
 * user agent, client address, referrer) with a popularity skew, all from a seeded PRNG so every
 * run and both generators send the same traffic (pure).
 */
import { seededRandom } from './stats';

export interface BenchLink {
  short_code: string;
  target_url: string;
  title: string;
  enable_tiktok_bypass: boolean;
  enable_country_redirect: boolean;
  country_redirect_url: string | null;
  enable_instagram_exit: boolean;
  instagram_exit_url: string | null;
}

export interface Visit {
  path: string;
  headers: Record<string, string>;
}

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function makeLinks(count: number, seed = 42): BenchLink[] {
  const random = seededRandom(seed);
  const codes = new Set<string>();
  while (codes.size < count) {
    let code = '';
    for (let i = 0; i < 6; i++) code += CODE_ALPHABET[Math.floor(random() * CODE_ALPHABET.length)];
    codes.add(code);
  }
  return [...codes].map((shortCode, i) => {
    const countryRedirect = random() < 0.08;
    const instagramExit = random() < 0.05;
    return {
      short_code: shortCode,
      target_url: `https://shop.example.com/products/${i}?utm_source=me&utm_medium=link`,
      title: `Bench link ${i}`,
      enable_tiktok_bypass: random() < 0.04,
      enable_country_redirect: countryRedirect,
      country_redirect_url: countryRedirect ? `https://lite.example.com/p/${i}` : null,
      enable_instagram_exit: instagramExit,
      instagram_exit_url: instagramExit ? `https://example.com/ig-exit/${i}` : null,
    };
  });
}

const IPHONES = ['17_1', '17_4', '17_6', '18_0', '18_1', '18_3', '18_5', '26_0'];
const ANDROIDS = [
  ['14', 'SM-S918B'],
  ['14', 'Pixel 8'],
  ['13', 'SM-A536B'],
  ['15', 'Pixel 9 Pro'],
  ['12', 'Redmi Note 11'],
  ['14', 'CPH2581'],
  ['13', 'moto g54 5G'],
];
const CHROMES = ['128.0.6613.137', '129.0.6668.100', '130.0.6723.116', '131.0.6778.86', '132.0.6834.110'];

export interface AgentGroup {
  kind: string;
  /** Share of visits. */
  weight: number;
  agents: string[];
}

/** About 300 distinct user agents in groups with a realistic share of link traffic each. */
export function makeUserAgents(): AgentGroup[] {
  const group = (kind: string, weight: number): AgentGroup => ({ kind, weight, agents: [] });
  const iosSafari = group('iOS Safari', 0.22);
  const iosChrome = group('iOS Chrome', 0.04);
  const android = group('Android Chrome', 0.2);
  const instagram = group('Instagram in-app', 0.14);
  const facebook = group('Facebook in-app', 0.06);
  const tiktok = group('TikTok in-app', 0.07);
  const desktop = group('desktop browsers', 0.23);
  const bots = group('bots and previews', 0.04);
  for (const ios of IPHONES) {
    const version = ios.split('_').slice(0, 2).join('.');
    iosSafari.agents.push(
      `Mozilla/5.0 (iPhone; CPU iPhone OS ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${version} Mobile/15E148 Safari/604.1`,
    );
    instagram.agents.push(
      `Mozilla/5.0 (iPhone; CPU iPhone OS ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 352.0.0.38.100 (iPhone14,5; iOS ${ios}; en_US; en; scale=3.00; 1170x2532; 646353271)`,
    );
    facebook.agents.push(
      `Mozilla/5.0 (iPhone; CPU iPhone OS ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/480.0.0.40.107;FBBV/652412370;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/${version};FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]`,
    );
    tiktok.agents.push(
      `Mozilla/5.0 (iPhone; CPU iPhone OS ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_36.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US`,
    );
    for (const chrome of CHROMES) {
      iosChrome.agents.push(
        `Mozilla/5.0 (iPhone; CPU iPhone OS ${ios} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/${chrome} Mobile/15E148 Safari/604.1`,
      );
    }
  }
  for (const [version, model] of ANDROIDS) {
    for (const chrome of CHROMES) {
      android.agents.push(
        `Mozilla/5.0 (Linux; Android ${version}; ${model}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Mobile Safari/537.36`,
      );
      instagram.agents.push(
        `Mozilla/5.0 (Linux; Android ${version}; ${model} Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/${chrome} Mobile Safari/537.36 Instagram 352.0.0.38.100 Android (34/${version}; 480dpi; 1080x2340; samsung; ${model}; dm3q; qcom; en_US; 646353271)`,
      );
      tiktok.agents.push(
        `Mozilla/5.0 (Linux; Android ${version}; ${model} Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/${chrome} Mobile Safari/537.36 trill_360504 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/36.5.4 ByteLocale/en BytedanceWebview/d8a21c6`,
      );
    }
  }
  for (const chrome of CHROMES) {
    desktop.agents.push(
      `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Safari/537.36`,
      `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Safari/537.36`,
      `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Safari/537.36`,
      `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Safari/537.36 Edg/${chrome.split('.')[0]}.0.2849.56`,
    );
  }
  for (const firefox of ['128.0', '131.0', '132.0', '133.0']) {
    desktop.agents.push(
      `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${firefox}) Gecko/20100101 Firefox/${firefox}`,
      `Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:${firefox}) Gecko/20100101 Firefox/${firefox}`,
      `Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:${firefox}) Gecko/20100101 Firefox/${firefox}`,
    );
  }
  for (const safari of ['17.6', '18.0', '18.1', '18.2']) {
    desktop.agents.push(
      `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${safari} Safari/605.1.15`,
    );
  }
  bots.agents.push(
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Twitterbot/1.0',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'WhatsApp/2.23.20.0',
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'curl/8.5.0',
  );
  return [iosSafari, iosChrome, android, instagram, facebook, tiktok, desktop, bots];
}

const PRIVATE_FIRST_OCTETS = new Set([0, 10, 100, 127, 169, 172, 192, 198, 203]);

/** Distinct public IPv4 addresses (private, loopback and documentation ranges skipped). */
export function makeAddresses(count: number, seed = 7): string[] {
  const random = seededRandom(seed);
  const addresses = new Set<string>();
  while (addresses.size < count) {
    const first = 1 + Math.floor(random() * 222);
    if (PRIVATE_FIRST_OCTETS.has(first)) continue;
    const rest = [0, 0, 0].map(() => Math.floor(random() * 256));
    addresses.add(`${first}.${rest.join('.')}`);
  }
  return [...addresses];
}

const REFERRERS = [
  '',
  '',
  '',
  'https://www.instagram.com/',
  'https://l.instagram.com/',
  'https://www.tiktok.com/',
  'https://t.co/x1Y2z3',
  'https://www.google.com/',
  'https://www.facebook.com/',
  'https://lm.facebook.com/',
  'https://www.youtube.com/',
  'https://www.reddit.com/r/deals/',
  'https://news.ycombinator.com/',
  'https://duckduckgo.com/',
];

/** Cumulative weights 1/rank^s: a few items take most picks, as with real links and visitors. */
function zipfPicker(count: number, s: number, random: () => number): () => number {
  const cumulative = new Float64Array(count);
  let sum = 0;
  for (let i = 0; i < count; i++) {
    sum += 1 / (i + 1) ** s;
    cumulative[i] = sum;
  }
  return () => {
    const target = random() * sum;
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export interface VisitPoolOptions {
  links: readonly BenchLink[];
  size: number;
  /** Share of visits to codes that don't exist (404, nothing stored). */
  unknownShare?: number;
  seed?: number;
}

/** The visits the generators cycle through. */
export function makeVisitPool(options: VisitPoolOptions): Visit[] {
  const random = seededRandom(options.seed ?? 99);
  const groups = makeUserAgents();
  const totalWeight = groups.reduce((sum, group) => sum + group.weight, 0);
  // Within a group a mild skew: some strings are far more common than others.
  const pickers = groups.map((group) => zipfPicker(group.agents.length, 0.5, random));
  const pickAgent = () => {
    let target = random() * totalWeight;
    for (const [i, group] of groups.entries()) {
      target -= group.weight;
      if (target <= 0 || i === groups.length - 1) return group.agents[pickers[i]!()]!;
    }
    throw new Error('unreachable');
  };
  const addresses = makeAddresses(5_000);
  const pickLink = zipfPicker(options.links.length, 1, random);
  const pickAddress = zipfPicker(addresses.length, 0.5, random);
  const unknownShare = options.unknownShare ?? 0.01;
  const visits: Visit[] = [];
  for (let i = 0; i < options.size; i++) {
    const path =
      random() < unknownShare
        ? `/zz${Math.floor(random() * 1e6).toString(36)}`
        : `/${options.links[pickLink()]!.short_code}`;
    const headers: Record<string, string> = {
      'User-Agent': pickAgent(),
      Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'Accept-Language': random() < 0.7 ? 'en-US,en;q=0.9' : 'de-DE,de;q=0.9,en;q=0.6',
      'Accept-Encoding': 'gzip, deflate, br',
      'X-Forwarded-For': addresses[pickAddress()]!,
      'X-Forwarded-Proto': 'https',
    };
    const referrer = REFERRERS[Math.floor(random() * REFERRERS.length)]!;
    if (referrer !== '') headers.Referer = referrer;
    visits.push({ path, headers });
  }
  return visits;
}

/** The same visits sent to another host (a custom domain's code space): each with `Host: host`. */
export function onHost(visits: readonly Visit[], host: string): Visit[] {
  return visits.map((visit) => ({ path: visit.path, headers: { ...visit.headers, Host: host } }));
}
