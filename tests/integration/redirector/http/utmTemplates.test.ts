/**
 * UTM templates (docs/api.md#utm-templates), on both stores: a team's own list, added, changed by
 * the fields given and deleted; names and values checked; another account's template is not found;
 * at most 100 a team, also when they are made at once.
 */
import { describe, expect, it } from 'vitest';
import { bearer, call, newUser } from '../../../helpers/api';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

describe.each(STORE_SERVERS)('UTM templates ($kind)', ({ start }) => {
  let server: TestServer;
  serverSuite(start, [], (p) => (server = p));

  it('adds, lists, changes and deletes a team’s templates, and keeps them from other accounts', async () => {
    const ann = await newUser(server, 'Ann');
    const bob = await newUser(server, 'Bob');
    const as = (who: { token: string }, body?: unknown) => ({ headers: bearer(who.token), body });
    const made = await call(server, 'POST', '/api/utm-templates', as(ann, { name: ' Spring ', utm_source: 'news' }));
    expect(made.status).toBe(201);
    expect(made.body.template).toMatchObject({
      name: 'Spring',
      utm_source: 'news',
      utm_medium: '',
      utm_campaign: '',
      utm_term: '',
      utm_content: '',
    });
    const id = made.body.template.id;
    const changed = await call(server, 'PUT', `/api/utm-templates?id=${id}`, as(ann, { utm_medium: 'email' }));
    expect(changed.body.template).toMatchObject({ name: 'Spring', utm_source: 'news', utm_medium: 'email' });
    expect((await call(server, 'GET', '/api/utm-templates', as(ann))).body.templates).toHaveLength(1);
    expect((await call(server, 'GET', '/api/utm-templates', as(bob))).body.templates).toEqual([]);
    expect((await call(server, 'PUT', `/api/utm-templates?id=${id}`, as(bob, { name: 'Mine' }))).status).toBe(404);
    expect((await call(server, 'DELETE', `/api/utm-templates?id=${id}`, as(bob))).status).toBe(404);
    expect((await call(server, 'POST', '/api/utm-templates', as(ann, { name: '' }))).status).toBe(400);
    expect(
      (await call(server, 'POST', '/api/utm-templates', as(ann, { name: 'x', utm_term: 'y'.repeat(201) }))).status,
    ).toBe(400);
    expect((await call(server, 'DELETE', `/api/utm-templates?id=${id}`, as(ann))).status).toBe(204);
    expect((await call(server, 'GET', '/api/utm-templates', as(ann))).body.templates).toEqual([]);
  });

  it('lists a team’s templates by name, letters’ case aside, on both stores', async () => {
    const di = await newUser(server, 'Di');
    for (const name of ['summer', 'Autumn', 'spring', 'Winter', 'autumn']) {
      const made = await call(server, 'POST', '/api/utm-templates', { headers: bearer(di.token), body: { name } });
      expect(made.status).toBe(201);
    }
    const listed = await call(server, 'GET', '/api/utm-templates', { headers: bearer(di.token) });
    expect(listed.body.templates.map((template: { name: string }) => template.name)).toEqual([
      'Autumn',
      'autumn',
      'spring',
      'summer',
      'Winter',
    ]);
  });

  it('keeps a team at 100 templates when 101 are made at once', async () => {
    const cy = await newUser(server, 'Cy');
    const made = await Promise.all(
      Array.from({ length: 101 }, (_, index) =>
        call(server, 'POST', '/api/utm-templates', { headers: bearer(cy.token), body: { name: `t${index}` } }),
      ),
    );
    expect(made.filter((answer) => answer.status === 201)).toHaveLength(100);
    expect(made.filter((answer) => answer.status === 409).map((answer) => answer.body.error)).toEqual([
      'At most 100 UTM templates: delete one first',
    ]);
    const listed = await call(server, 'GET', '/api/utm-templates', { headers: bearer(cy.token) });
    expect(listed.body.templates).toHaveLength(100);
  });
});
