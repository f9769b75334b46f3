/**
 * Accounts an operator can run, in the OpenAPI description (docs/api.md#accounts): invitation and
 * reset links, and a signed-in user's own account and sessions.
 */
import type {
  AccountLinkResponse,
  AccountResponse,
  AccountUser,
  ForgotResponse,
  NewUserResponse,
  SessionInfo,
  SessionsEndedResponse,
  SessionsResponse,
} from '../../contract/account';
import { accountFields } from './accountPaths';
import { userFields } from './components';
import { apiCall, deleted, type ErrorStatus, query } from './operations';
import { arrayOf, boolean, closedObject, dateTime, id, integer, nullable, ref, type Schema, text } from './schema';

const userId = query('id', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'A user id', true);

const accountLink = (kind: string, errors: ErrorStatus[] = [404]) =>
  apiCall({
    summary: `A one-time ${kind} link to /reset/<token> on PUBLIC_URL; cancels the user's older link`,
    access: 'admin',
    parameters: [userId],
    answers: { 200: ref('AccountLinkResponse') },
    errors,
  });

export const selfServicePaths: Record<string, Record<string, Schema>> = {
  '/api/users/invite': { post: accountLink('invitation (72 hours)') },
  // 403 with PASSWORD_LOGIN=off: a reset link sets a password nobody may sign in with.
  '/api/users/reset': { post: accountLink('password reset (1 hour)', [403, 404]) },
  '/api/account': {
    get: apiCall({ summary: 'The caller', access: 'user', answers: { 200: ref('AccountResponse') }, errors: [403] }),
    put: apiCall({
      summary:
        'Change name, email, password (email and password need current_password, or without a password a sign-in of the last 10 minutes)',
      access: 'user',
      body: {
        json: {
          type: 'object',
          properties: {
            ...accountFields,
            current_password: { type: 'string' },
          },
        },
      },
      answers: { 200: ref('AccountResponse') },
      // 403 wrong current password, or an API key; 409 email taken.
      errors: [403, 409],
    }),
    delete: apiCall({
      summary: 'Delete the account with everything it owns',
      access: 'user',
      // `password` is needed unless the account has none (it then confirms with a recent sign-in).
      body: { json: { type: 'object', properties: { password: { type: 'string' } } } },
      answers: { 204: deleted },
      errors: [403],
    }),
  },
  '/api/account/sessions': {
    get: apiCall({
      summary: "The caller's sessions",
      access: 'user',
      answers: { 200: ref('SessionsResponse') },
      errors: [403],
    }),
    delete: apiCall({
      summary: 'End every session but the caller’s, or the one with ?id=',
      access: 'user',
      parameters: [query('id', { type: 'string', pattern: '^[0-9a-f]{1,64}$' }, 'A session id')],
      answers: { 200: ref('SessionsEndedResponse') },
      errors: [403, 404],
    }),
  },
};

const accountLinkSchema = closedObject<AccountLinkResponse>({ url: text('An absolute link'), expires_at: dateTime });

export const selfServiceSchemas: Record<string, Schema> = {
  AccountLinkResponse: accountLinkSchema,
  NewUserResponse: closedObject<NewUserResponse>(
    {
      id,
      name: text(),
      email: text(),
      custom_domain: nullable(text()),
      created_at: dateTime,
      links: integer(),
      clicks: integer(),
      disabled: boolean,
      invited: boolean,
      invitation: accountLinkSchema,
    },
    ['invitation'],
  ),
  ForgotResponse: closedObject<ForgotResponse>({ success: { const: true }, message: text() }),
  AccountResponse: closedObject<AccountResponse>({
    user: closedObject<AccountUser>({
      ...userFields,
      has_password: {
        type: 'boolean',
        description: 'False for an account made by single sign-on: it confirms with a sign-in of the last 10 minutes',
      },
    }),
  }),
  SessionsResponse: closedObject<SessionsResponse>({
    sessions: arrayOf(
      closedObject<SessionInfo>({
        id: text(),
        created_at: dateTime,
        last_used_at: dateTime,
        current: boolean,
        browser: nullable(text('The browser it signed in with, read from its user agent')),
        os: nullable(text('Its operating system, read from its user agent')),
        country: nullable(text('ISO 3166-1 alpha-2 of the address it signed in from, approximate')),
        city: nullable(text('The city of that address, approximate')),
      }),
    ),
  }),
  SessionsEndedResponse: closedObject<SessionsEndedResponse>({ ended: integer() }),
};
