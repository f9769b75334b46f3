/**
 * Shared stats, domain settings, orphan visits and UTM templates in the OpenAPI description
 * (docs/api.md#shared-stats, #domain-fallbacks-and-well-known-documents, #orphan-visits).
 */
import type { LinkShare, LinkShareResponse, LinkSharesResponse } from '../../contract/linkShares';
import { apiCall, query } from './operations';
import { arrayOf, boolean, closedObject, dateTime, id, nullable, ref, type Schema, text } from './schema';

const linkId = query('id', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'The link id', true);
const shareId = query('share', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'The share id', true);

export const shareComponentSchemas: Record<string, Schema> = {
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

export const sharePaths: Record<string, Record<string, Schema>> = {
  '/api/links/share': {
    post: apiCall({
      summary: 'Share a link’s figures on a read-only page (optionally with a password and an expiry)',
      access: 'either',
      parameters: [linkId],
      body: { json: shareFields, required: false },
      answers: { 201: ref('LinkShareResponse') },
      errors: [403, 404, 409],
    }),
    get: apiCall({
      summary: 'A link’s shares, newest first',
      access: 'either',
      parameters: [linkId],
      answers: { 200: ref('LinkSharesResponse') },
      errors: [403, 404],
    }),
    delete: apiCall({
      summary: 'Revoke a share: its page answers 404 at once',
      access: 'either',
      parameters: [linkId, shareId],
      answers: { 204: { description: 'Revoked' } },
      errors: [403, 404],
    }),
  },
};
