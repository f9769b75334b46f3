/** Single sign-on's calls of the OpenAPI description (docs/api.md#single-sign-on). */
import type { SsoSessionResponse } from '../../contract/auth';
import { apiCall, query } from './operations';
import { closedObject, ref, type Schema, text } from './schema';

/** A 302 whose address the JSON body repeats. */
const redirect = (description: string): Schema => ({
  description,
  headers: { Location: { schema: { type: 'string' } } },
  content: {
    'application/json': {
      schema: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
    },
  },
});

export const ssoSchemas: Record<string, Schema> = {
  SsoSessionResponse: closedObject<SsoSessionResponse>(
    {
      token: text('For Authorization: Bearer, valid 30 days'),
      user: ref('User'),
      apiKey: text('An administrator session token for X-API-Key (members of OIDC_ADMIN_GROUPS)'),
    },
    ['apiKey'],
  ),
};

export const ssoPaths: Record<string, Record<string, Schema>> = {
  '/api/auth/oidc/start': {
    get: apiCall({
      summary: 'Start single sign-on: 302 to the provider, or to /login?sso=unavailable',
      access: 'none',
      answers: { 302: redirect('To the provider, or back to the login screen when it does not answer') },
      // 404 single sign-on is not configured.
      errors: [404],
    }),
  },
  '/api/auth/oidc/callback': {
    get: apiCall({
      summary: "The provider's answer: 302 to /login#sso=<hand-off>, or to /login?sso=<reason>",
      access: 'none',
      parameters: [query('code', { type: 'string' }), query('state', { type: 'string' })],
      answers: { 302: redirect('Back to the login screen, signed in or with the reason') },
      errors: [404],
    }),
  },
  '/api/auth/oidc/session': {
    post: apiCall({
      summary: 'Redeem the hand-off of /login#sso=<hand-off> (single use, 2 minutes) for the sessions',
      access: 'none',
      body: { json: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } },
      answers: { 200: ref('SsoSessionResponse') },
      // 401 unknown, used or expired hand-off; 429 too many wrong ones.
      errors: [401, 404, 429],
    }),
  },
  '/api/auth/oidc/logout': {
    get: apiCall({
      summary: 'Sign out at the provider: 302 to its end_session_endpoint, or to /login',
      access: 'none',
      answers: { 302: redirect("To the provider's sign-out, which comes back to /login") },
      errors: [404],
    }),
  },
};
