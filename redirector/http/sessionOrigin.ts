/**
 * What a sign-in keeps of where it came from (docs/api.md#the-account-of-the-signed-in-user): the
 * browser's user agent, cut as a click's is, and the approximate place of the caller's address from
 * the same lookup clicks use. The address itself goes no further than this function.
 */
import type { Context } from 'koa';
import type { SessionOrigin } from '../storage/records';
import type { PlaceLookup } from '../visits/geoip';
import { locate, MAX_USER_AGENT_LENGTH, UNKNOWN_COUNTRY } from '../visits/visitor';

export function sessionOriginOf(ctx: Context, lookup: PlaceLookup | undefined): SessionOrigin {
  const userAgent = ctx.get('User-Agent').slice(0, MAX_USER_AGENT_LENGTH);
  const { country, city } = locate(ctx.ip, lookup);
  return { user_agent: userAgent || null, country: country === UNKNOWN_COUNTRY ? null : country, city };
}
