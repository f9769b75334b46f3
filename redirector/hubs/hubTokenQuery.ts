/**
 * The hub token a visit's query may carry (docs/api.md#hub-clicks), taken out of the query before
 * anything else reads it: it is never forwarded to the destination (forward_query). Pure. A visit
 * without the parameter costs one substring search.
 */
import { HUB_TOKEN_PARAMETER, isHubTokenShaped } from './hubClickToken';

const MARK = `${HUB_TOKEN_PARAMETER}=`;

export interface HubTokenQuery {
  /** The query without the token's parameter. */
  query: string;
  /** The token, '' when there is none or it is not shaped like one (hubs/hubClickToken.ts). */
  hubToken: string;
}

const NO_QUERY: HubTokenQuery = Object.freeze({ query: '', hubToken: '' });

/** `query` (without '?') split into the rest and the hub token. */
export function takeHubToken(query: string): HubTokenQuery {
  // Most visits carry no query: the redirect path then allocates nothing here.
  if (query === '') return NO_QUERY;
  if (!query.includes(MARK)) return { query, hubToken: '' };
  let hubToken = '';
  const kept: string[] = [];
  for (const pair of query.split('&')) {
    if (!pair.startsWith(MARK)) kept.push(pair);
    else hubToken = pair.slice(MARK.length);
  }
  return { query: kept.join('&'), hubToken: isHubTokenShaped(hubToken) ? hubToken : '' };
}
