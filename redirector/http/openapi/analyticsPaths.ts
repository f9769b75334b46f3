/** Analytics calls of the OpenAPI description (docs/api.md#analytics), one per dashboard panel. */
import { LIVE_WINDOWS_MINUTES } from '../../analytics/live';
import { apiCall, query } from './operations';
import { ref, type Schema } from './schema';

/** Every analytics call checks it, even where no figure depends on it. */
export const tz = query('tz', { type: 'string' }, 'An IANA time zone (default UTC) for hours, weekdays and days');

const date = (name: string, description: string) =>
  query(name, { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }, description);
/** A date range (docs/api.md#analytics): both or neither, inclusive, read in tz, 3,660 days at most. */
export const range = [
  date('from', 'First day of the range (YYYY-MM-DD in tz); with to'),
  date('to', 'Last day of the range (YYYY-MM-DD in tz), inclusive; with from'),
];
const linkIdParameter: Schema = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^[1-9][0-9]{0,14}$' },
};
const userLinkId = query('linkId', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'A link id', true);
const clickExport = (summary: string, access: 'admin' | 'user', parameters: Schema[]) => ({
  get: apiCall({
    summary,
    access,
    parameters: [
      ...parameters,
      tz,
      ...range,
      query('format', { type: 'string', enum: ['csv', 'ndjson'], default: 'csv' }),
    ],
    answers: {
      200: {
        description:
          access === 'admin'
            ? 'Every non-bot click in the range, oldest first (CSV: a header row)'
            : "Every non-bot click in the range, oldest first (CSV: a header row), without ip_address: visitor addresses are the administrator's only",
        headers: { 'Content-Disposition': { schema: { type: 'string' } } },
        content: {
          'text/csv': { schema: { type: 'string' } },
          'application/x-ndjson': { schema: { type: 'string' } },
        },
      },
    },
    errors: [404],
  }),
});

const adminPanel = (summary: string, schema: string, parameters: Schema[] = []) => ({
  get: apiCall({ summary, access: 'admin', parameters: [tz, ...parameters], answers: { 200: ref(schema) } }),
});

/** One link's statistics, the administrator's or a user's view. */
const linkStatsCall = (summary: string, access: 'admin' | 'user', id: Schema, schema: string) => ({
  get: apiCall({ summary, access, parameters: [id, tz, ...range], answers: { 200: ref(schema) }, errors: [404] }),
});

export const analyticsPaths: Record<string, Record<string, Schema>> = {
  '/api/analytics/{id}': linkStatsCall(
    'Statistics and the latest 100 clicks of one link',
    'admin',
    linkIdParameter,
    'LinkAnalytics',
  ),
  '/api/analytics/{id}/clicks': clickExport('Export the clicks of one link', 'admin', [linkIdParameter]),
  '/api/analytics/user/clicks': clickExport('Export the clicks of one own link', 'user', [userLinkId]),
  '/api/analytics/user': linkStatsCall('Statistics of one own link', 'user', userLinkId, 'UserLinkAnalytics'),
  '/api/analytics/summary': adminPanel('Totals of the admin dashboard', 'Summary', range),
  '/api/analytics/realtime': adminPanel('The last minutes: clicks per minute, latest clicks, active links', 'Realtime'),
  '/api/analytics/live': adminPanel('Visitors online within the window', 'Live', [
    query('minutes', { type: 'integer', enum: [...LIVE_WINDOWS_MINUTES], default: 5 }),
  ]),
  '/api/analytics/repeat-visitors': adminPanel('Visitors who came back', 'RepeatVisitors', range),
  '/api/analytics/funnel': adminPanel('The funnel model (impressions are estimated)', 'Funnel', range),
};
