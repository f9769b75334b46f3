/** The hub in the OpenAPI description (docs/api.md#the-hub). */
import {
  type AdminHub,
  type AdminHubsResponse,
  AVATAR_TYPES,
  HUB_THEMES,
  type Hub,
  type HubLink,
  type HubResponse,
  type HubStatsResponse,
  MAX_AVATAR_BYTES,
  MAX_BACKGROUND_BYTES,
  MAX_HUB_BIO,
  MAX_HUB_DESCRIPTION,
  MAX_HUB_TITLE,
} from '../../contract/hub';
import { range, tz } from './analyticsPaths';
import { hubItemSchemas, hubItemsBody, hubLinksBody } from './hubItemSchemas';
import { apiCall, type CallDescription, deleted, searchedPage } from './operations';
import {
  arrayOf,
  boolean,
  closedObject,
  dateTime,
  id,
  integer,
  nullable,
  number,
  ref,
  type Schema,
  text,
} from './schema';

const theme: Schema = { enum: [...HUB_THEMES] };
const count = integer();

const color: Schema = { type: 'string', pattern: '^#[0-9a-f]{6}$' };

export const hubComponentSchemas: Record<string, Schema> = {
  ...hubItemSchemas,
  HubLink: closedObject<HubLink>({
    link_id: id,
    label: nullable(text()),
    text: text('The label, else the link’s title, else its code'),
    short_url: text(),
  }),
  Hub: closedObject<Hub>({
    handle: text(),
    title: text(),
    bio: text(),
    theme,
    accent: color,
    items: arrayOf(ref('HubItem')),
    links: arrayOf(ref('HubLink')),
    published: boolean,
    tiktok_bypass: boolean,
    background_color: nullable(color),
    meta_description: text(),
    noindex: boolean,
    sensitive: boolean,
    url: text('PUBLIC_URL/@handle'),
    domain_url: nullable(text('`/` of the owner’s verified custom domain')),
    avatar_url: nullable(text()),
    background_url: nullable(text()),
    created_at: dateTime,
    updated_at: dateTime,
  }),
  HubResponse: closedObject<HubResponse>({ hub: nullable(ref('Hub')) }),
  HubStatsResponse: closedObject<HubStatsResponse>({
    views: count,
    unique_visitors: count,
    clicks: count,
    click_rate: { ...number('clicks / views, 0 with no views'), minimum: 0, maximum: 1 },
    links: arrayOf(closedObject<HubStatsResponse['links'][number]>({ link_id: id, clicks: count })),
    items: arrayOf(ref('HubItemFigures')),
    days: arrayOf(closedObject<HubStatsResponse['days'][number]>({ date: text(), views: count, clicks: count })),
  }),
  AdminHub: closedObject<AdminHub>({
    handle: text(),
    title: text(),
    published: boolean,
    team_id: id,
    team_name: text(),
    user_id: nullable(id),
    user_email: nullable(text()),
    user_name: nullable(text()),
    owner_disabled: boolean,
    views: count,
    url: text(),
    updated_at: dateTime,
  }),
  AdminHubsResponse: closedObject<AdminHubsResponse>({
    hubs: arrayOf(ref('AdminHub')),
    total: count,
    page: integer(),
    per_page: integer(),
  }),
};

const hubBody: Schema = {
  type: 'object',
  properties: {
    handle: { type: 'string', pattern: '^[A-Za-z0-9_-]{3,30}$', description: 'Lower-cased; not a reserved word' },
    title: { type: 'string', minLength: 1, maxLength: MAX_HUB_TITLE },
    bio: { type: 'string', maxLength: MAX_HUB_BIO },
    theme,
    accent: { type: 'string', pattern: '^#[0-9A-Fa-f]{6}$' },
    items: hubItemsBody,
    links: hubLinksBody,
    published: boolean,
    tiktok_bypass: boolean,
    background_color: nullable({ type: 'string', pattern: '^#[0-9A-Fa-f]{6}$' }),
    meta_description: { type: 'string', maxLength: MAX_HUB_DESCRIPTION },
    noindex: boolean,
    sensitive: boolean,
  },
  required: ['handle', 'title'],
};

/** Every /api/hub call is the signed-in user's own page. */
const pageCall = (call: Omit<CallDescription, 'access'>) => apiCall({ ...call, access: 'user' });

/** An image of the page (its avatar, its background): set by its bytes, or removed. */
const pageImage = (setSummary: string, removeSummary: string) => ({
  put: pageCall({
    summary: setSummary,
    body: { image: [...AVATAR_TYPES] },
    answers: { 200: ref('HubResponse') },
    errors: [404],
  }),
  delete: pageCall({ summary: removeSummary, answers: { 204: deleted }, errors: [404] }),
});

export const hubPaths: Record<string, Record<string, Schema>> = {
  '/api/hub': {
    get: pageCall({ summary: 'The caller’s page, or null', answers: { 200: ref('HubResponse') } }),
    put: pageCall({
      summary: 'Create or replace the caller’s page',
      body: { json: hubBody },
      answers: { 200: ref('HubResponse') },
      errors: [409],
    }),
    delete: pageCall({ summary: 'Delete the caller’s page', answers: { 204: deleted } }),
  },
  '/api/hub/avatar': pageImage(
    `Set the page’s avatar: PNG, JPEG or WebP by its bytes, ${MAX_AVATAR_BYTES / 1024} KiB and 2048 × 2048 at most`,
    'Remove the page’s avatar',
  ),
  '/api/hub/background': pageImage(
    `Set the page’s background image: the avatar’s checks, ${MAX_BACKGROUND_BYTES / 1024 / 1024} MiB at most`,
    'Remove the page’s background image',
  ),
  '/api/hub/stats': {
    get: pageCall({
      summary: 'Views, unique visitors and clicks from the page, over a range',
      parameters: [tz, ...range],
      answers: { 200: ref('HubStatsResponse') },
    }),
  },
  '/api/hubs': {
    get: searchedPage(
      'One page of every hub with its owner and views',
      'Substring of handle, title or owner’s email',
      'AdminHubsResponse',
    ),
  },
};
