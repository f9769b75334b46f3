/** Analytics calls of the OpenAPI description (docs/api.md#analytics), one per dashboard panel. */
import { LIVE_WINDOWS_MINUTES } from '../../analytics/live';
import { apiCall, query } from './operations';
import { ref, type Schema } from './schema';

/** Every analytics call checks it, even where no figure depends on it. */
const tz = query('tz', { type: 'string' }, 'An IANA time zone (default UTC) for hours, weekdays and days');

const adminPanel = (summary: string, schema: string, parameters: Schema[] = []) => ({
  get: apiCall({ summary, access: 'admin', parameters: [tz, ...parameters], answers: { 200: ref(schema) } }),
});

export const analyticsPaths: Record<string, Record<string, Schema>> = {
  '/api/analytics/{id}': {
    get: apiCall({
      summary: 'Statistics and the latest 100 clicks of one link',
      access: 'admin',
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[1-9][0-9]{0,14}$' } },
        tz,
      ],
      answers: { 200: ref('LinkAnalytics') },
      errors: [404],
    }),
  },
  '/api/analytics/user': {
    get: apiCall({
      summary: 'Statistics of one own link',
      access: 'user',
      parameters: [query('linkId', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'A link id', true), tz],
      answers: { 200: ref('UserLinkAnalytics') },
      errors: [404],
    }),
  },
  '/api/analytics/summary': adminPanel('Totals of the admin dashboard', 'Summary'),
  '/api/analytics/realtime': adminPanel('The last minutes: clicks per minute, latest clicks, active links', 'Realtime'),
  '/api/analytics/live': adminPanel('Visitors online within the window', 'Live', [
    query('minutes', { type: 'integer', enum: [...LIVE_WINDOWS_MINUTES], default: 5 }),
  ]),
  '/api/analytics/repeat-visitors': adminPanel('Visitors who came back', 'RepeatVisitors'),
  '/api/analytics/funnel': adminPanel('The funnel model (impressions are estimated)', 'Funnel'),
};
