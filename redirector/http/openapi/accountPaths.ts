/**
 * Account calls of the OpenAPI description (docs/api.md#accounts-and-sign-in, #domain, #users,
 * #api-keys), the public ones (config, this description) and the health check.
 */

import { MAX_KEY_NAME_LENGTH } from '../../contract/keys';
import { apiCall, deleteById, json, query, searchedPage } from './operations';
import { ref, type Schema } from './schema';
import { domainSettingsProperties } from './sharePaths';

const userId = query('id', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'A user id', true);
const domainName = query('domain', { type: 'string' }, 'A host name', true);
const keyId = query('id', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'A key id', true);

/** The account fields a body may carry: registering, an administrator's new user, a user's own change. */
export const accountFields: Record<'name' | 'email' | 'password', Schema> = {
  name: { type: 'string', maxLength: 100 },
  email: { type: 'string' },
  password: { type: 'string', minLength: 6 },
};

const signIn: Schema = {
  type: 'object',
  description:
    'action=admin: {key}; action=register: {name, email, password}; action=login: {email, password}; ' +
    'action=reset: {token, password}; action=forgot: {email}',
  properties: {
    key: { type: 'string' },
    ...accountFields,
    token: { type: 'string', description: 'action=reset: the token of /reset/<token>' },
  },
};

export const accountPaths: Record<string, Record<string, Schema>> = {
  '/api/auth': {
    post: apiCall({
      summary: 'Sign in (admin, login), register, or log out the credential sent',
      access: 'none',
      parameters: [
        query(
          'action',
          { type: 'string', enum: ['admin', 'register', 'login', 'logout', 'reset', 'forgot'] },
          undefined,
          true,
        ),
      ],
      body: { json: signIn, required: false },
      answers: {
        200: json(
          { oneOf: [ref('AdminLoginResponse'), ref('LoginResponse'), ref('Success'), ref('ForgotResponse')] },
          'admin: {success, apiKey}; login, reset: {token, user}; logout: {success}; forgot: {success, message}',
        ),
        201: json(ref('RegisterResponse'), 'register: the new account'),
      },
      // 401 wrong key or password; 403 registration closed or PASSWORD_LOGIN=off; 409 email taken;
      // 429 sign-in or registration limit.
      errors: [401, 403, 409, 429],
    }),
  },
  '/api/config': {
    get: apiCall({
      summary: 'Where short links live, whether anyone may register',
      access: 'none',
      answers: { 200: ref('ServiceConfig') },
    }),
  },
  '/api/openapi.json': {
    get: apiCall({
      summary: 'This description (OpenAPI 3.1)',
      access: 'none',
      answers: {
        200: {
          type: 'object',
          properties: { openapi: { const: '3.1.0' }, paths: { type: 'object' } },
          required: ['openapi', 'paths'],
        },
      },
    }),
  },
  '/api/user/domain': {
    get: apiCall({
      summary: 'The caller and their custom domain',
      access: 'user',
      answers: { 200: ref('DomainResponse') },
    }),
    post: apiCall({
      summary: 'Set the custom domain (a bare host name), and its fallbacks and .well-known documents',
      access: 'user',
      body: {
        json: {
          type: 'object',
          properties: { domain: { type: 'string' }, ...domainSettingsProperties },
          required: ['domain'],
        },
      },
      answers: { 200: ref('DomainSetResponse') },
      errors: [409],
    }),
    delete: apiCall({ summary: 'Go back to the default domain', access: 'user', answers: { 200: ref('Success') } }),
  },
  '/api/user/domain/verify': {
    post: apiCall({
      summary: 'Look the TXT record up now (10 calls a minute)',
      access: 'user',
      answers: { 200: ref('DomainSetResponse') },
      // 404 no domain; 429 over the limit.
      errors: [404, 429],
    }),
  },
  '/api/domains': {
    get: apiCall({
      summary: 'Every claim of a custom domain',
      access: 'admin',
      answers: { 200: ref('AdminDomainsResponse') },
    }),
    put: apiCall({
      summary: 'Verify a claim of a domain by hand',
      access: 'admin',
      parameters: [
        domainName,
        query(
          'user_id',
          { type: 'string', pattern: '^[1-9][0-9]{0,14}$' },
          'Whose claim, when several accounts claim it',
        ),
        query('team_id', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, "Which team's claim (a shared team's)"),
      ],
      body: { json: { type: 'object', properties: { status: { const: 'verified' } }, required: ['status'] } },
      answers: { 200: ref('AdminDomainResponse') },
      // 400 several claims and no user_id; 409 another account has it verified.
      errors: [400, 404, 409],
    }),
    delete: apiCall({
      summary: 'Take the domain from every account that claims it',
      access: 'admin',
      parameters: [domainName],
      answers: { 200: ref('Success') },
      errors: [404],
    }),
  },
  '/api/domains/allowed': {
    get: apiCall({
      summary: 'Whether this host is served here (for on-demand TLS)',
      access: 'none',
      parameters: [domainName],
      answers: {
        200: json({ type: 'object', properties: { allowed: { const: true } }, required: ['allowed'] }, 'Served'),
      },
      errors: [404],
    }),
  },
  '/api/users': {
    get: searchedPage('One page of users with their link and click counts', 'Substring of name or email', 'UsersPage'),
    put: apiCall({
      summary: 'Disable or enable a user',
      access: 'admin',
      parameters: [userId],
      body: { json: { type: 'object', properties: { disabled: { type: 'boolean' } }, required: ['disabled'] } },
      answers: { 200: ref('AdminUser') },
      errors: [404],
    }),
    post: apiCall({
      summary: 'Create a user; without a password, the answer carries its invitation link',
      access: 'admin',
      body: {
        json: {
          type: 'object',
          properties: accountFields,
          required: ['name', 'email'],
        },
      },
      answers: { 201: ref('NewUserResponse') },
      errors: [409],
    }),
    delete: deleteById('Delete a user with their links, clicks, sessions and keys', 'admin', userId, [404]),
  },
  '/api/keys': {
    get: apiCall({
      summary: "The caller's API keys, without secrets",
      access: 'either',
      answers: { 200: ref('ApiKeysResponse') },
      errors: [403],
    }),
    post: apiCall({
      summary: 'Create an API key (a sign-in only: an API key gets 403)',
      access: 'either',
      body: {
        json: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1, maxLength: MAX_KEY_NAME_LENGTH },
            scope: { enum: ['read', 'write'], description: 'Left out: write' },
            domains: {
              type: ['array', 'null'],
              items: { type: 'string' },
              description: 'Host names it may create or move links on; left out or null: all its team’s',
            },
          },
          required: ['name'],
        },
      },
      answers: { 201: ref('CreateApiKeyResponse') },
      errors: [403, 409],
    }),
    delete: apiCall({
      summary: 'Delete an API key',
      access: 'either',
      parameters: [keyId],
      answers: { 200: ref('Success') },
      errors: [403, 404],
    }),
  },
  '/healthz': {
    get: {
      summary:
        'Health check (not under /api): the store answers; degraded while the database or the events broker is away',
      security: [],
      responses: {
        200: json({
          type: 'object',
          properties: {
            status: { enum: ['ok', 'degraded'] },
            database: { enum: ['unreachable', 'busy'] },
            broker: { const: 'unreachable' },
            replicas: {
              type: 'array',
              description: 'With DATABASE_REPLICA_URLS: each read replica (docs/api.md#read-replicas)',
              items: {
                type: 'object',
                properties: {
                  name: { type: 'string', description: 'host:port' },
                  state: { enum: ['ok', 'lagging', 'down'] },
                  lag_s: { type: ['number', 'null'] },
                },
                required: ['name', 'state', 'lag_s'],
                additionalProperties: false,
              },
            },
            clicks_move: {
              type: 'object',
              description:
                'PostgreSQL, while migration 41 moves the clicks into monthly partitions (docs/api.md#monthly-click-partitions)',
              properties: { moved: { type: 'integer' }, estimated: { type: 'integer' } },
              required: ['moved', 'estimated'],
              additionalProperties: false,
            },
          },
          required: ['status'],
          additionalProperties: false,
        }),
      },
    },
  },
};
