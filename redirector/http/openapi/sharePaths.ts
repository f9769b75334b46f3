/**
 * Shared stats, domain settings, orphan visits and UTM templates in the OpenAPI description
 * (docs/api.md#shared-stats, #domain-fallbacks-and-well-known-documents, #orphan-visits).
 */
import {
  type DomainSettingsFields,
  MAX_WELL_KNOWN_BYTES,
  type OrphanVisitsResponse,
} from '../../contract/domainSettings';
import type { LinkShare, LinkShareResponse, LinkSharesResponse } from '../../contract/linkShares';
import {
  MAX_UTM_TEMPLATE_NAME,
  MAX_UTM_VALUE,
  type UtmTemplate,
  type UtmTemplateResponse,
  type UtmTemplatesResponse,
} from '../../contract/utmTemplates';
import { apiCall, type CallDescription, deleteById, query } from './operations';
import { arrayOf, boolean, closedObject, dateTime, id, integer, nullable, ref, type Schema, text } from './schema';

const fallbackUrl = (what: string) => nullable({ type: 'string', format: 'uri', maxLength: 2048, description: what });
const document = (path: string) =>
  nullable({ type: 'string', description: `JSON text of at most ${MAX_WELL_KNOWN_BYTES} bytes, served at ${path}` });

/** The settings of one domain, as answered and as a body takes them (each optional there). */
export const domainSettingsProperties = {
  root_url: fallbackUrl('Where the domain’s root sends visitors (a custom domain without a hub)'),
  not_found_url: fallbackUrl('Where an unknown code sends visitors'),
  expired_url: fallbackUrl('Where an expired link without its own expired_url sends visitors'),
  apple_app_site_association: document('/.well-known/apple-app-site-association'),
  asset_links: document('/.well-known/assetlinks.json'),
} satisfies Record<keyof DomainSettingsFields, Schema>;

const period = [
  query('from', { type: 'string', format: 'date' }, 'First day (YYYY-MM-DD), with to'),
  query('to', { type: 'string', format: 'date' }, 'Last day, inclusive'),
  query('tz', { type: 'string' }, 'An IANA time zone; default UTC'),
];

const linkId = query('id', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'The link id', true);
const shareId = query('share', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'The share id', true);

const utmValue: Schema = { type: 'string', maxLength: MAX_UTM_VALUE };
const utmProperties = {
  utm_source: utmValue,
  utm_medium: utmValue,
  utm_campaign: utmValue,
  utm_term: utmValue,
  utm_content: utmValue,
};
const templateId = query('id', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'The template id', true);
const templateBody = (required: string[]): Schema => ({
  type: 'object',
  properties: { name: { type: 'string', minLength: 1, maxLength: MAX_UTM_TEMPLATE_NAME }, ...utmProperties },
  required,
});

export const shareComponentSchemas: Record<string, Schema> = {
  UtmTemplate: closedObject<UtmTemplate>({ id, name: text(), ...utmProperties, created_at: dateTime }),
  UtmTemplateResponse: closedObject<UtmTemplateResponse>({ template: ref('UtmTemplate') }),
  UtmTemplatesResponse: closedObject<UtmTemplatesResponse>({ templates: arrayOf(ref('UtmTemplate')) }),
  DomainSettings: closedObject<DomainSettingsFields>(domainSettingsProperties),
  OrphanVisitsResponse: closedObject<OrphanVisitsResponse>({
    total: integer(),
    by_kind: closedObject<OrphanVisitsResponse['by_kind']>({
      root: integer(),
      not_found: integer(),
      expired: integer(),
    }),
    top_paths: arrayOf(closedObject<OrphanVisitsResponse['top_paths'][number]>({ path: text(), visits: integer() })),
  }),
  LinkShare: closedObject<LinkShare>({
    id,
    url: nullable(text('PUBLIC_URL/stats/<token>: only in the answer that made the share; null in lists')),
    has_password: boolean,
    expires_at: nullable(dateTime),
    created_at: dateTime,
  }),
  LinkShareResponse: closedObject<LinkShareResponse>({ share: ref('LinkShare') }),
  LinkSharesResponse: closedObject<LinkSharesResponse>({ shares: arrayOf(ref('LinkShare')) }),
};

const shareFields: Schema = {
  type: 'object',
  properties: {
    password: nullable({ type: 'string', minLength: 4, maxLength: 128 }),
    expires_at: nullable({ type: 'string', format: 'date-time' }),
  },
};

/** A call on one of the caller's links (`?id=`), then `more` parameters; a user or an API key. */
const linkCall = (call: Omit<CallDescription, 'access' | 'parameters'>, ...more: Schema[]) =>
  apiCall({ ...call, access: 'either', parameters: [linkId, ...more] });

export const sharePaths: Record<string, Record<string, Schema>> = {
  '/api/links/share': {
    post: linkCall({
      summary: 'Share a link’s figures on a read-only page (optionally with a password and an expiry)',
      body: { json: shareFields, required: false },
      answers: { 201: ref('LinkShareResponse') },
      errors: [403, 404, 409],
    }),
    get: linkCall({
      summary: 'A link’s shares, newest first',
      answers: { 200: ref('LinkSharesResponse') },
      errors: [404],
    }),
    delete: linkCall(
      {
        summary: 'Revoke a share: its page answers 404 at once',
        answers: { 204: { description: 'Revoked' } },
        errors: [403, 404],
      },
      shareId,
    ),
  },
  '/api/settings': {
    get: apiCall({
      summary: 'The default domain’s fallbacks and .well-known documents',
      access: 'admin',
      answers: { 200: ref('DomainSettings') },
    }),
    put: apiCall({
      summary: 'Change the default domain’s fallbacks and .well-known documents (null or "" removes one)',
      access: 'admin',
      body: { json: { type: 'object', properties: domainSettingsProperties } },
      answers: { 200: ref('DomainSettings') },
    }),
  },
  '/api/analytics/orphans': {
    get: apiCall({
      summary: 'Visits a domain’s fallbacks sent on (root, unknown code, expired), bots left out',
      access: 'either',
      parameters: [
        query('domain', { type: 'string' }, 'A verified custom domain; none: the default domain (administrator)'),
        ...period,
      ],
      answers: { 200: ref('OrphanVisitsResponse') },
      errors: [404],
    }),
  },
  '/api/utm-templates': {
    get: apiCall({
      summary: 'The UTM templates of the team the call acts in (the administrator: its own)',
      access: 'either',
      answers: { 200: ref('UtmTemplatesResponse') },
    }),
    post: apiCall({
      summary: 'Add a UTM template',
      access: 'either',
      body: { json: templateBody(['name']) },
      answers: { 201: ref('UtmTemplateResponse') },
      errors: [403],
    }),
    put: apiCall({
      summary: 'Change the fields given of a UTM template',
      access: 'either',
      parameters: [templateId],
      body: { json: templateBody([]) },
      answers: { 200: ref('UtmTemplateResponse') },
      errors: [403, 404],
    }),
    delete: deleteById('Delete a UTM template', 'either', templateId, [403, 404]),
  },
};
