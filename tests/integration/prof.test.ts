import { it } from 'vitest';
import { bearer, call, newUser } from '/work/wt-bulk/tests/helpers/api';
import { startPostgresTestServerOnFreshSchema } from '/work/wt-bulk/tests/helpers/postgres';
it('prof', async () => {
  const server = await startPostgresTestServerOnFreshSchema({});
  const u = await newUser(server, 'P');
  const rows = Array.from({ length: 400 }, (_, i) => `https://bulk.example/${i},bulkrow ${i}`);
  await call(server, 'POST', '/api/links/user/import', { headers: { ...bearer(u.token), 'Content-Type': 'text/csv' }, rawBody: `target_url,title\n${rows.join('\n')}\n` });
  for (const action of ['archive', 'unarchive']) {
  const t = performance.now();
  const a = await call(server, 'POST', '/api/links/bulk', { headers: bearer(u.token), body: { filter: {archived: 'all'}, action } });
  console.log('bulk', a.body.done, performance.now() - t);
  }
  await server.close();
}, 120000);
