/**
 * `forward_query` (docs/api.md#resolving-a-short-link): the visit's query string merged into the
 * address a visit is sent to. The address's own parameters come first, then the visit's; a visit
 * parameter replaces the address's parameters of the same name. Both sides keep their own
 * encoding: only names are decoded, to compare them. Pure.
 */

/** The query of a request target (`/abc?x=1` → `x=1`), '' when it has none. */
export function visitQueryOf(requestTarget: string): string {
  const start = requestTarget.indexOf('?');
  return start === -1 ? '' : requestTarget.slice(start + 1);
}

function nameOf(pair: string): string {
  const raw = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** `address` with `visitQuery` merged in; the address unchanged when the visit has no parameters. */
export function mergeQuery(address: string, visitQuery: string): string {
  // Most visits carry no query: the redirect path then allocates nothing here.
  if (visitQuery === '') return address;
  const visitPairs = visitQuery.split('&').filter((pair) => pair !== '');
  if (visitPairs.length === 0) return address;
  const hashAt = address.indexOf('#');
  const fragment = hashAt === -1 ? '' : address.slice(hashAt);
  const beforeFragment = hashAt === -1 ? address : address.slice(0, hashAt);
  const queryAt = beforeFragment.indexOf('?');
  const base = queryAt === -1 ? beforeFragment : beforeFragment.slice(0, queryAt);
  const ownPairs =
    queryAt === -1
      ? []
      : beforeFragment
          .slice(queryAt + 1)
          .split('&')
          .filter((pair) => pair !== '');
  const replaced = new Set(visitPairs.map(nameOf));
  const kept = ownPairs.filter((pair) => !replaced.has(nameOf(pair)));
  return `${base}?${[...kept, ...visitPairs].join('&')}${fragment}`;
}
