/**
 * GET /api/analytics/user?linkId=: the owner's view of one of their links: every figure of the
 * administrator's (linkStats.ts) and the blocked clicks', with no visitor's address
 * (docs/api.md#get-apianalyticsuserlinkid-user-own-links).
 */
import type { OwnerClick, PasswordLockout, UserLinkAnalyticsResponse } from '../contract/analytics';
import type { Click } from '../contract/clicks';
import { dimensionMap } from './counts';
import { type LinkAnswerArgs, linkFigureAnswer } from './linkStats';

export async function userLinkAnalytics(
  ...args: LinkAnswerArgs
): Promise<Omit<UserLinkAnalyticsResponse, keyof PasswordLockout>> {
  const { figures, answer } = await linkFigureAnswer(...args);
  const blocked = dimensionMap(figures.dims, 'blocked_country');
  return {
    ...answer,
    stats: {
      ...answer.stats,
      blockedCountries: blocked,
      blockedVisitors: figures.data.inRange
        ? Object.values(blocked).reduce((sum, n) => sum + n, 0)
        : figures.data.counts.blocked_visitors,
    },
    recentClicks: answer.recentClicks.map(withoutAddress),
  };
}

/** The click without the visitor's address: the owner sees where and how, not who. */
export function withoutAddress({ ip_address: _address, ...click }: Click): OwnerClick {
  return click;
}
