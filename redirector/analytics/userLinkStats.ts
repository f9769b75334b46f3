/** GET /api/analytics/user?linkId=: the user dashboard's view of one of their links. */
import type { PasswordLockout, UserLinkAnalyticsResponse } from '../contract/analytics';
import { dimensionMap } from './counts';
import { type LinkAnswerArgs, sharedLinkAnswer } from './linkStats';

export async function userLinkAnalytics(
  ...args: LinkAnswerArgs
): Promise<Omit<UserLinkAnalyticsResponse, keyof PasswordLockout>> {
  const { figures, answer } = await sharedLinkAnswer(...args);
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
  };
}
