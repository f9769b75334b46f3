/**
 * The OpenAPI schemas of the analytics answers (docs/api.md#analytics), each tied to its contract
 * type through `closedObject<T>`.
 */
import type {
  ActiveLink,
  DayCount,
  FunnelResponse,
  FunnelStep,
  LatestClick,
  LinkAnalyticsResponse,
  LinkStats,
  LiveResponse,
  LiveVisitor,
  OwnerClick,
  RealtimeResponse,
  RepeatVisitorPlace,
  RepeatVisitorsResponse,
  RuleStats,
  SummaryResponse,
  UserLinkAnalyticsResponse,
  UserLinkStats,
  VariantStats,
} from '../../contract/analytics';
import type { Click } from '../../contract/clicks';
import { clickFields, deviceFields } from './linkSchemas';
import type { Schema } from './schema';
import { arrayOf, closedObject, countMap, dateTime, id, integer, nullable, number, ref, text } from './schema';

const fraction = (description: string): Schema => ({ type: 'number', minimum: 0, maximum: 1, description });
const deviceStats: Schema = closedObject<Record<'ios' | 'android' | 'web', number>>({
  ios: integer(),
  android: integer(),
  web: integer(),
});
const dayCount = closedObject<DayCount>({ date: { type: 'string', format: 'date' }, clicks: integer() });
const rangeDays: Schema = arrayOf(dayCount, 'Only with from and to: one entry per day of the range, oldest first');
const last7Days: Schema = { ...arrayOf(dayCount, 'Oldest first, today last'), minItems: 7, maxItems: 7 };

const { ip_address: _address, ...ownerClickFields } = clickFields;

const linkStatsFields = {
  totalClicks: integer(),
  uniqueVisitors: integer(),
  deviceStats: ref('DeviceStats'),
  countryCounts: countMap,
  browserCounts: countMap,
  referrerCounts: { ...countMap, description: "'Direct' is the key for clicks without a referrer" },
  osCounts: countMap,
  deviceCounts: countMap,
  hourlyStats: { ...arrayOf(integer()), minItems: 24, maxItems: 24 },
  dailyStats: { ...arrayOf(integer(), 'Sunday first'), minItems: 7, maxItems: 7 },
  dayNames: { ...arrayOf(text()), minItems: 7, maxItems: 7 },
  last7Days,
  days: rangeDays,
  rules: arrayOf(
    closedObject<RuleStats>({ rule: integer("Index in the link's rules"), clicks: integer() }),
    "Each of the link's redirect rules in order with its human clicks over the range; [] without rules",
  ),
};

/** Both per-link analytics answers: the link, its statistics, the latest clicks (the owner's without addresses). */
const linkAnswer = (statsSchema: string, clickSchema: 'Click' | 'OwnerClick') => ({
  link: ref('Link'),
  stats: ref(statsSchema),
  recentClicks: { ...arrayOf(ref(clickSchema), 'Newest first'), maxItems: 100 },
  variants: arrayOf(
    closedObject<VariantStats>({
      url: text(),
      weight: { type: 'integer', minimum: 1, maximum: 100 },
      clicks: integer(),
      unique_visitors: integer(),
    }),
    "The split link's variants in order, with their figures over the range; [] when not split",
  ),
  passwordLockedUntil: nullable({
    ...dateTime,
    description: 'Until when the password form answers 429: 100 wrong passwords within an hour; null: it does not',
  }),
});

export const analyticsComponentSchemas: Record<string, Schema> = {
  Click: closedObject<Click>(clickFields),
  OwnerClick: closedObject<OwnerClick>(ownerClickFields),
  DeviceStats: deviceStats,
  LinkStats: closedObject<LinkStats>(linkStatsFields, ['days']),
  LinkAnalytics: closedObject<LinkAnalyticsResponse>(linkAnswer('LinkStats', 'Click')),
  UserLinkStats: closedObject<UserLinkStats>(
    { ...linkStatsFields, blockedCountries: countMap, blockedVisitors: integer() },
    ['days'],
  ),
  UserLinkAnalytics: closedObject<UserLinkAnalyticsResponse>(linkAnswer('UserLinkStats', 'OwnerClick')),
  Summary: closedObject<SummaryResponse>({
    totalLinks: integer(),
    totalClicks: integer(),
    uniqueVisitors: integer(),
    todayClicks: integer(),
    deviceStats: ref('DeviceStats'),
    countryCounts: countMap,
  }),
  Realtime: closedObject<RealtimeResponse>({
    clicksPerMinute: integer('Clicks in the last 5 minutes / 5, rounded'),
    latestClicks: {
      ...arrayOf(closedObject<LatestClick>({ ...clickFields, link_title: text(), short_code: text() })),
      maxItems: 10,
    },
    activeLinks: {
      ...arrayOf(closedObject<ActiveLink>({ id, title: text(), short_code: text(), clicks: integer() })),
      maxItems: 6,
    },
    activeVisitors: integer('Distinct visitors in the last 2 minutes'),
  }),
  LiveVisitor: closedObject<LiveVisitor>({
    ...deviceFields,
    ip: text(),
    country: text(),
    countryName: text(),
    city: nullable(text()),
    flag: text(),
    link: closedObject<LiveVisitor['link']>({ id, title: text(), short_code: text() }),
    referrer: text("Referrer source or 'Direct'"),
    durationSeconds: integer(),
    lastSeen: dateTime,
  }),
  Live: closedObject<LiveResponse>({
    visitors: { ...arrayOf(ref('LiveVisitor'), 'Newest first'), maxItems: 200 },
    totals: closedObject<LiveResponse['totals']>({
      online: integer(),
      countries: integer(),
      mobile: integer(),
      avgDurationSeconds: number(),
    }),
  }),
  RepeatVisitors: closedObject<RepeatVisitorsResponse>({
    totalUniqueVisitors: integer(),
    repeatVisitors: integer('Visitors with 2 or more clicks'),
    repeatRate: fraction('repeatVisitors / totalUniqueVisitors'),
    frequency: arrayOf(
      closedObject<RepeatVisitorsResponse['frequency'][number]>({ visits: integer(), visitors: integer() }),
    ),
    top: {
      ...arrayOf(
        closedObject<RepeatVisitorsResponse['top'][number]>({
          ip: text(),
          visits: integer(),
          locations: arrayOf(text()),
          places: arrayOf(
            closedObject<RepeatVisitorPlace>({
              country: text("Two-letter code; 'XX': unknown"),
              city: nullable(text()),
            }),
          ),
          lastVisit: dateTime,
        }),
      ),
      maxItems: 10,
    },
  }),
  Funnel: closedObject<FunnelResponse>({
    impressions: integer(),
    clicks: integer(),
    engaged: integer(),
    conversions: integer(),
    conversionRate: fraction('conversions / impressions'),
    bounceRate: fraction('(clicks - engaged) / clicks'),
    igExitRate: fraction('Instagram exits / clicks'),
    avgTimeToClickMinutes: number(),
    estimated: arrayOf(text(), 'Names of the fields that are estimates'),
    steps: arrayOf(
      closedObject<FunnelStep>({
        name: text(),
        value: integer(),
        percent: fraction('Of impressions'),
        dropOff: fraction('Lost since the previous step'),
      }),
    ),
  }),
};
