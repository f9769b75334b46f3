/**
 * Component schemas of the OpenAPI description: the objects the API answers (docs/api.md#links,
 * #analytics, #accounts-and-sign-in). Each is tied to its contract type through `closedObject<T>`,
 * so a field added to a type fails `npm run typecheck` until it is described here.
 */
import type {
  AdminLoginResponse,
  DomainResponse,
  DomainSetResponse,
  LoginResponse,
  RegisterResponse,
  ServiceConfigResponse,
  User,
} from '../../contract/auth';
import type {
  AdminDomain,
  AdminDomainResponse,
  AdminDomainsResponse,
  DomainVerification,
} from '../../contract/domains';
import { DOMAIN_STATUSES } from '../../contract/domains';
import type { ApiKey, ApiKeysResponse, CreateApiKeyResponse } from '../../contract/keys';
import type { LinkHealthCounts } from '../../contract/linkConversion';
import type { InitResponse, Link, UserLinkResponse } from '../../contract/links';
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
import { analyticsComponentSchemas } from './analyticsSchemas';
import { linkFields, linkInputFields, url } from './linkSchemas';
import type { Described, Schema } from './schema';
import { arrayOf, boolean, closedObject, dateTime, id, integer, nullable, ref, text } from './schema';

export const userFields: Described<User> = {
  id,
  name: text(),
  email: { type: 'string', format: 'email' },
  custom_domain: nullable(text()),
};

const domainStatus: Schema = { type: 'string', enum: [...DOMAIN_STATUSES] };

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
    mail: { type: 'boolean', description: 'Whether "forgot password" mails a reset link (SMTP_URL is set)' },
    sso: nullable(
      closedObject<{ name: string; new_users: boolean }>({
        name: text('The sign-in button says "Sign in with <name>"'),
        new_users: { type: 'boolean', description: 'Whether a first sign-in makes an account (OIDC_NEW_USERS)' },
      }),
    ),
    password_login: {
      type: 'boolean',
      description: 'False with PASSWORD_LOGIN=off: sign-in only through the provider',
    },
  }),
  User: closedObject<User>(userFields),
  AdminLoginResponse: closedObject<Required<Omit<AdminLoginResponse, 'error'>>>({
    success: { const: true },
    apiKey: text('A session token for X-API-Key, valid 30 days'),
  }),
  RegisterResponse: closedObject<RegisterResponse>({
    user: closedObject<RegisterResponse['user']>({ id, name: userFields.name, email: userFields.email }),
    token: text('A user session token, as sign-in answers'),
  }),
  LoginResponse: closedObject<LoginResponse>({
    token: text('For Authorization: Bearer, valid 30 days'),
    user: ref('User'),
  }),
  DomainResponse: closedObject<DomainResponse>(
    {
      user: nullable(ref('User')),
      domain: nullable(text()),
      default_domain: text(),
      public_url: url,
      verification: nullable(ref('DomainVerification')),
      allowed_domains: nullable(
        arrayOf({ type: 'string' }, "The host names the caller may put links on in this team; null: all the team's"),
      ),
      settings: ref('DomainSettings'),
    },
    ['settings'],
  ),
  DomainSetResponse: closedObject<DomainSetResponse>(
    {
      domain: text('As stored: trimmed, lower-cased'),
      verification: ref('DomainVerification'),
      settings: ref('DomainSettings'),
    },
    ['settings'],
  ),
  DomainVerification: closedObject<DomainVerification>({
    status: domainStatus,
    record: closedObject<DomainVerification['record']>({
      type: { const: 'TXT' },
      name: text('_me-challenge.<domain>'),
      value: text('me-verify=<token>'),
    }),
    checked_at: nullable(dateTime),
    error: nullable(text('What the last look-up found instead of the record')),
  }),
  AdminDomain: closedObject<AdminDomain>({
    domain: text(),
    team_id: id,
    team_name: text(),
    user_id: nullable(id),
    user_email: nullable(text()),
    status: domainStatus,
    checked_at: nullable(dateTime),
    verified_at: nullable(dateTime),
    links: integer('Links on the domain'),
  }),
  AdminDomainsResponse: closedObject<AdminDomainsResponse>({ domains: arrayOf(ref('AdminDomain')) }),
  AdminDomainResponse: closedObject<AdminDomainResponse>({ domain: ref('AdminDomain') }),
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
  LinkHealthCounts: closedObject<LinkHealthCounts>({
    ok: integer(),
    broken: integer(),
    unchecked: integer(),
    skipped: integer(),
  }),
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
    invited: boolean,
  }),
  UsersPage: closedObject<UsersPage>({ users: arrayOf(ref('AdminUser')), total: integer() }),
  ApiKey: closedObject<ApiKey>({
    id,
    name: { type: 'string', minLength: 1, maxLength: 100 },
    prefix: { type: 'string', pattern: '^me_[A-Za-z0-9]{5}$' },
    scope: { enum: ['read', 'write'] },
    created_at: dateTime,
    last_used_at: nullable(dateTime),
    domains: nullable(arrayOf({ type: 'string' })),
  }),
  CreateApiKeyResponse: closedObject<CreateApiKeyResponse>({
    key: ref('ApiKey'),
    secret: { type: 'string', pattern: '^me_[A-Za-z0-9]{32,}$', description: 'Returned only here' },
  }),
  ApiKeysResponse: closedObject<ApiKeysResponse>({ keys: arrayOf(ref('ApiKey')) }),
  ...analyticsComponentSchemas,
};
