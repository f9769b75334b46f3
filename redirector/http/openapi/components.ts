/**
 * Component schemas of the OpenAPI description: the objects the API answers (docs/api.md#links,
 * #analytics, #accounts-and-sign-in). Each is tied to its contract type through `closedObject<T>`,
 * so a field added to a type fails `npm run typecheck` until it is described here.
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
  RealtimeResponse,
  RepeatVisitorsResponse,
  SummaryResponse,
  UserLinkAnalyticsResponse,
  UserLinkStats,
} from '../../contract/analytics';
import type {
  AdminLoginResponse,
  DomainResponse,
  DomainSetResponse,
  LoginResponse,
  RegisterResponse,
  ServiceConfigResponse,
  User,
} from '../../contract/auth';
import type { Click, ClickDevice } from '../../contract/clicks';
import type { ApiKey, ApiKeysResponse, CreateApiKeyResponse } from '../../contract/keys';
import { MAX_GEO_TARGETS, MAX_LINK_PASSWORD_LENGTH, MIN_LINK_PASSWORD_LENGTH } from '../../contract/linkOptions';
import type { InitResponse, Link, LinkInput, UserLinkResponse } from '../../contract/links';
import {
  type AdminUser,
  DEFAULT_PER_PAGE,
  type ImportResult,
  LINK_SORTS,
  MAX_PER_PAGE,
  type TagsResponse,
  type UserLinksPage,
  type UsersPage,
} from '../../contract/lists';
import { MAX_TAGS } from '../../contract/tags';
import {
  arrayOf,
  boolean,
  closedObject,
  countMap,
  type Described,
  dateTime,
  id,
  integer,
  nullable,
  number,
  ref,
  type Schema,
  text,
} from './schema';

const url: Schema = { type: 'string', format: 'uri', maxLength: 2048 };
const fraction = (description: string): Schema => ({ type: 'number', minimum: 0, maximum: 1, description });
const deviceType: Schema = { type: 'string', enum: ['ios', 'android', 'web'] };
const deviceStats: Schema = closedObject<Record<'ios' | 'android' | 'web', number>>({
  ios: integer(),
  android: integer(),
  web: integer(),
});
const dayCount = closedObject<DayCount>({ date: { type: 'string', format: 'date' }, clicks: integer() });
const rangeDays: Schema = arrayOf(dayCount, 'Only with from and to: one entry per day of the range, oldest first');
const last7Days: Schema = { ...arrayOf(dayCount, 'Oldest first, today last'), minItems: 7, maxItems: 7 };

const geoTargets: Schema = {
  type: 'object',
  propertyNames: { pattern: '^[A-Z]{2}$' },
  additionalProperties: { type: 'string' },
  maxProperties: MAX_GEO_TARGETS,
  description: 'ISO country code → URL',
};

const linkFields: Described<Link> = {
  id,
  user_id: nullable({ ...id, description: 'Owner; null for links the administrator created' }),
  title: { type: 'string', maxLength: 200, description: "'' when the link has no title" },
  target_url: url,
  short_code: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
  clicks: integer('Same figure as total_clicks'),
  total_clicks: integer(),
  unique_visitors: integer(),
  blocked_visitors: integer(),
  created_at: dateTime,
  enable_tiktok_bypass: boolean,
  enable_country_redirect: boolean,
  country_redirect_url: nullable(url),
  enable_instagram_exit: boolean,
  instagram_exit_url: nullable(url),
  tags: { ...arrayOf({ type: 'string', pattern: '^[a-z0-9_-]{1,32}$' }, 'Sorted'), maxItems: MAX_TAGS },
  forward_query: boolean,
  expires_at: nullable(dateTime),
  max_clicks: nullable({ ...integer(), minimum: 1 }),
  expired_url: nullable(url),
  has_password: boolean,
  ios_url: nullable(url),
  android_url: nullable(url),
  geo_targets: geoTargets,
};

const linkInputFields: Described<LinkInput> = {
  title: nullable(text()),
  target_url: text('An absolute http: or https: URL'),
  short_code: nullable(text('Left out or empty: the server picks 6 random letters and digits')),
  enable_tiktok_bypass: boolean,
  enable_country_redirect: boolean,
  country_redirect_url: nullable(text()),
  enable_instagram_exit: boolean,
  instagram_exit_url: nullable(text()),
  tags: arrayOf(text(), 'Replaces every tag of the link'),
  forward_query: boolean,
  expires_at: nullable(text('ISO 8601 date and time; null: never')),
  max_clicks: nullable(integer('At least 1; null: no limit')),
  expired_url: nullable(text()),
  password: nullable(
    text(`Write-only: ${MIN_LINK_PASSWORD_LENGTH}-${MAX_LINK_PASSWORD_LENGTH} characters; '' or null removes it`),
  ),
  ios_url: nullable(text()),
  android_url: nullable(text()),
  geo_targets: nullable(geoTargets),
};

const deviceFields: Described<ClickDevice> = {
  device_type: deviceType,
  device_info: nullable(text('Device model')),
  browser: nullable(text()),
  browser_version: nullable(text()),
  os: nullable(text()),
  os_version: nullable(text()),
};

const clickFields: Described<Click> = {
  ...deviceFields,
  id,
  link_id: id,
  ip_address: text(),
  country: text("ISO 3166-1 alpha-2, 'XX' when unknown"),
  city: nullable(text()),
  referrer_source: nullable(text('Referrer host or in-app browser; null means Direct')),
  is_bot: boolean,
  user_agent: { type: 'string', maxLength: 512 },
  created_at: dateTime,
  clicked_at: integer('Epoch milliseconds, the same instant as created_at'),
  instagram_exit: boolean,
  blocked: boolean,
};

const userFields: Described<User> = {
  id,
  name: text(),
  email: { type: 'string', format: 'email' },
  custom_domain: nullable(text()),
};

const linkStatsFields = {
  totalClicks: integer(),
  uniqueVisitors: integer(),
  deviceStats: ref('DeviceStats'),
  countryCounts: countMap,
  last7Days,
};

/** Both per-link analytics answers: the link, its statistics, the latest clicks. */
const linkAnswer = (statsSchema: string) => ({
  link: ref('Link'),
  stats: ref(statsSchema),
  recentClicks: { ...arrayOf(ref('Click'), 'Newest first'), maxItems: 100 },
  passwordLockedUntil: nullable({
    ...dateTime,
    description: 'Until when the password form answers 429: 100 wrong passwords within an hour; null: it does not',
  }),
});

/** The default and bounds of `per_page`, shared with the list parameters. */
export const PER_PAGE: Schema = { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE };
export const LINK_SORT: Schema = { type: 'string', enum: [...LINK_SORTS], default: 'created_at' };

export const componentSchemas: Record<string, Schema> = {
  Error: {
    type: 'object',
    properties: {
      error: text('A message for a person'),
      success: { const: false, description: 'Only on POST /api/auth?action=admin' },
    },
    required: ['error'],
    additionalProperties: false,
  },
  Success: {
    type: 'object',
    properties: { success: { const: true } },
    required: ['success'],
    additionalProperties: false,
  },
  ServiceConfig: closedObject<ServiceConfigResponse>({
    public_url: url,
    registration: { type: 'string', enum: ['open', 'closed'] },
  }),
  User: closedObject<User>(userFields),
  AdminLoginResponse: closedObject<Required<Omit<AdminLoginResponse, 'error'>>>({
    success: { const: true },
    apiKey: text('A session token for X-API-Key, valid 30 days'),
  }),
  RegisterResponse: closedObject<RegisterResponse>({
    user: closedObject<RegisterResponse['user']>({ id, name: userFields.name, email: userFields.email }),
  }),
  LoginResponse: closedObject<LoginResponse>({
    token: text('For Authorization: Bearer, valid 30 days'),
    user: ref('User'),
  }),
  DomainResponse: closedObject<DomainResponse>({
    user: ref('User'),
    domain: nullable(text()),
    default_domain: text(),
    public_url: url,
  }),
  DomainSetResponse: closedObject<DomainSetResponse>({ domain: text('As stored: trimmed, lower-cased') }),
  Link: closedObject<Link>(linkFields),
  LinkInput: { type: 'object', properties: linkInputFields, required: ['target_url'] },
  LinkUpdate: { type: 'object', properties: linkInputFields, description: 'Any subset of the fields' },
  UserLinkResponse: closedObject<UserLinkResponse>({ link: ref('Link') }),
  UserLinksPage: closedObject<UserLinksPage>({
    links: arrayOf(ref('Link')),
    total: integer('Links matching the filters'),
    page: { type: 'integer', minimum: 1 },
    per_page: PER_PAGE,
    totals: closedObject<UserLinksPage['totals']>({ links: integer(), clicks: integer(), unique_visitors: integer() }),
  }),
  InitResponse: closedObject<InitResponse>({ success: { const: true }, message: text(), link: ref('Link') }),
  TagsResponse: closedObject<TagsResponse>({
    tags: arrayOf(closedObject<TagsResponse['tags'][number]>({ name: text(), links: integer() }), 'Sorted by name'),
  }),
  ImportResult: closedObject<ImportResult>({
    created: integer(),
    failed: arrayOf(
      closedObject<ImportResult['failed'][number]>({
        line: { type: 'integer', minimum: 1 },
        short_code: text(),
        error: text(),
      }),
    ),
  }),
  AdminUser: closedObject<AdminUser>({
    ...userFields,
    created_at: dateTime,
    links: integer(),
    clicks: integer(),
    disabled: boolean,
  }),
  UsersPage: closedObject<UsersPage>({ users: arrayOf(ref('AdminUser')), total: integer() }),
  ApiKey: closedObject<ApiKey>({
    id,
    name: { type: 'string', minLength: 1, maxLength: 100 },
    prefix: { type: 'string', pattern: '^me_[A-Za-z0-9]{5}$' },
    created_at: dateTime,
    last_used_at: nullable(dateTime),
  }),
  CreateApiKeyResponse: closedObject<CreateApiKeyResponse>({
    key: ref('ApiKey'),
    secret: { type: 'string', pattern: '^me_[A-Za-z0-9]{32,}$', description: 'Returned only here' },
  }),
  ApiKeysResponse: closedObject<ApiKeysResponse>({ keys: arrayOf(ref('ApiKey')) }),
  Click: closedObject<Click>(clickFields),
  DeviceStats: deviceStats,
  LinkStats: closedObject<LinkStats>(
    {
      ...linkStatsFields,
      browserCounts: countMap,
      referrerCounts: { ...countMap, description: "'Direct' is the key for clicks without a referrer" },
      osCounts: countMap,
      deviceCounts: countMap,
      hourlyStats: { ...arrayOf(integer()), minItems: 24, maxItems: 24 },
      dailyStats: { ...arrayOf(integer(), 'Sunday first'), minItems: 7, maxItems: 7 },
      dayNames: { ...arrayOf(text()), minItems: 7, maxItems: 7 },
      days: rangeDays,
    },
    ['days'],
  ),
  LinkAnalytics: closedObject<LinkAnalyticsResponse>(linkAnswer('LinkStats')),
  UserLinkStats: closedObject<UserLinkStats>(
    {
      ...linkStatsFields,
      blockedCountries: countMap,
      blockedVisitors: integer(),
      days: rangeDays,
    },
    ['days'],
  ),
  UserLinkAnalytics: closedObject<UserLinkAnalyticsResponse>(linkAnswer('UserLinkStats')),
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
