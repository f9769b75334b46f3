/**
 * Bulk changes, shared stats, domain settings, orphan visits and UTM templates for the OpenAPI conformance test
 * (openapi.test.ts): every described answer of their calls (docs/api.md#shared-stats,
 * #domain-fallbacks-and-well-known-documents, #orphan-visits, #utm-templates) made once.
 */
import { expect } from 'vitest';
import { MAX_SHARES_PER_LINK } from '../../../../redirector/contract/linkShares';
import { type AnyAnswer, adminHeaders, bearer, type CallOptions, call, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';

type Described = (method: string, url: string, options?: CallOptions) => Promise<AnyAnswer>;

export async function coverShareCalls(server: TestServer, described: Described): Promise<void> {
  const owner = await newUser(server, 'Share Owner');
  const as = { headers: bearer(owner.token) };
  const admin = { headers: adminHeaders(server.adminKey) };
  const status = async (method: string, url: string, options: CallOptions) =>
    (await described(method, url, options)).status;
  const readKey = await call(server, 'POST', '/api/keys', { ...as, body: { name: 'ro', scope: 'read' } });
  const reader = { headers: bearer(readKey.body.secret) };
  const link = await call(server, 'POST', '/api/links/create', {
    ...as,
    body: { target_url: 'https://example.org/shared' },
  });
  const id = link.body.link.id as number;

  const made = await described('POST', `/api/links/share?id=${id}`, { ...as, body: { password: 'open sesame' } });
  expect(made.status).toBe(201);
  expect(await status('POST', `/api/links/share?id=${id}`, { ...reader, body: {} })).toBe(403);
  expect(await status('POST', '/api/links/share?id=999999', { ...as, body: {} })).toBe(404);
  for (let n = 1; n < MAX_SHARES_PER_LINK; n++)
    await call(server, 'POST', `/api/links/share?id=${id}`, { ...as, body: {} });
  expect(await status('POST', `/api/links/share?id=${id}`, { ...as, body: {} })).toBe(409);
  expect(await status('GET', `/api/links/share?id=${id}`, as)).toBe(200);
  expect(await status('GET', '/api/links/share?id=999999', as)).toBe(404);
  const share = `/api/links/share?id=${id}&share=${made.body.share.id}`;
  const bulk = await described('POST', '/api/links/bulk', {
    ...as,
    body: { ids: [id, 999999], action: 'tag', tags: ['x'] },
  });
  expect(bulk.body).toEqual({ done: 1, failed: [{ id: 999999, error: 'Link not found' }] });
  expect(await status('POST', '/api/links/bulk', { ...reader, body: { ids: [id], action: 'archive' } })).toBe(403);
  // A team the caller is not in (docs/api.md#moving-links-to-another-team).
  const elsewhere = { ids: [id], action: 'move', team: 'no-such-team' };
  expect(await status('POST', '/api/links/bulk', { ...as, body: elsewhere })).toBe(404);
  expect(await status('DELETE', share, reader)).toBe(403);
  expect(await status('DELETE', share, as)).toBe(204);
  expect(await status('DELETE', share, as)).toBe(404);

  expect(await status('GET', '/api/settings', admin)).toBe(200);
  expect(await status('PUT', '/api/settings', { ...admin, body: { root_url: 'https://about.example.org/' } })).toBe(
    200,
  );
  expect(await status('GET', '/api/analytics/orphans', admin)).toBe(200);
  expect(await status('GET', '/api/analytics/orphans', as)).toBe(404);

  const template = await described('POST', '/api/utm-templates', {
    ...as,
    body: { name: 'Spring', utm_source: 'news' },
  });
  expect(template.status).toBe(201);
  expect(await status('POST', '/api/utm-templates', { ...reader, body: { name: 'Nope' } })).toBe(403);
  expect(await status('GET', '/api/utm-templates', as)).toBe(200);
  const one = `/api/utm-templates?id=${template.body.template.id}`;
  expect(await status('PUT', one, { ...as, body: { utm_medium: 'email' } })).toBe(200);
  expect(await status('PUT', one, { ...reader, body: { utm_medium: 'x' } })).toBe(403);
  expect(await status('DELETE', one, reader)).toBe(403);
  expect(await status('DELETE', one, as)).toBe(204);
  expect(await status('PUT', one, { ...as, body: {} })).toBe(404);
  expect(await status('DELETE', one, as)).toBe(404);
}
