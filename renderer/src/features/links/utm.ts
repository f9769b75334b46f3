/**
 * The link form's UTM helper: the five campaign parameters written into and read back from the
 * target address's query. The address is edited as text, not through `URL`, so what the user typed
 * (other parameters' spelling, a fragment, an address still being typed) stays as it was.
 */
export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

export type UtmField = (typeof UTM_FIELDS)[number];
export type UtmValues = Record<UtmField, string>;

const isUtmField = (name: string): name is UtmField => (UTM_FIELDS as readonly string[]).includes(name);

export function emptyUtm(): UtmValues {
  return { utm_source: '', utm_medium: '', utm_campaign: '', utm_term: '', utm_content: '' };
}

interface SplitAddress {
  /** Everything before '?'. */
  base: string;
  /** The query's `name=value` pairs, as written. */
  pairs: string[];
  /** '#…' or ''. */
  fragment: string;
}

function splitAddress(address: string): SplitAddress {
  const hash = address.indexOf('#');
  const fragment = hash === -1 ? '' : address.slice(hash);
  const beforeHash = hash === -1 ? address : address.slice(0, hash);
  const question = beforeHash.indexOf('?');
  if (question === -1) return { base: beforeHash, pairs: [], fragment };
  const query = beforeHash.slice(question + 1);
  return { base: beforeHash.slice(0, question), pairs: query.split('&').filter((pair) => pair !== ''), fragment };
}

// Query text decodes as a form does ('+' is a space), the way the redirect forwards it.
function decodeQueryText(text: string): string {
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

function pairName(pair: string): string {
  const equals = pair.indexOf('=');
  return decodeQueryText(equals === -1 ? pair : pair.slice(0, equals));
}

function pairValue(pair: string): string {
  const equals = pair.indexOf('=');
  return equals === -1 ? '' : decodeQueryText(pair.slice(equals + 1));
}

/** The UTM parameters of an address ('' for each one it lacks; the first of repeated ones). */
export function readUtm(address: string): UtmValues {
  const values = emptyUtm();
  const seen = new Set<UtmField>();
  for (const pair of splitAddress(address).pairs) {
    const name = pairName(pair);
    if (!isUtmField(name) || seen.has(name)) continue;
    seen.add(name);
    values[name] = pairValue(pair);
  }
  return values;
}

/**
 * The address with its UTM parameters set to `utm`: one already there keeps its place, a new one
 * goes at the end, an empty one is removed (so is a repeat of one). Every other parameter and the
 * fragment stay as written.
 */
export function writeUtm(address: string, utm: UtmValues): string {
  const { base, pairs, fragment } = splitAddress(address);
  const written = new Set<UtmField>();
  const encode = (name: UtmField) => `${name}=${encodeURIComponent(utm[name])}`;
  const kept: string[] = [];
  for (const pair of pairs) {
    const name = pairName(pair);
    if (!isUtmField(name)) kept.push(pair);
    else if (!written.has(name)) {
      written.add(name);
      if (utm[name] !== '') kept.push(encode(name));
    }
  }
  for (const name of UTM_FIELDS) if (!written.has(name) && utm[name] !== '') kept.push(encode(name));
  return `${base}${kept.length > 0 ? `?${kept.join('&')}` : ''}${fragment}`;
}

/** The address with one UTM parameter changed, the others as they are. */
export function withUtm(address: string, name: UtmField, value: string): string {
  return writeUtm(address, { ...readUtm(address), [name]: value });
}
