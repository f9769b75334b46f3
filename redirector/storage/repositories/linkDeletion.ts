/**
 * Deleting several links at once (a team's, an account's) so that the figures stay true
 * (docs/api.md#get-apianalyticsrepeat-visitors-administrator).
 */
import type { Executor, SqlParam } from '../executor';

/**
 * Deletes the links `where` picks (a condition on `links`), with their clicks by cascade. On
 * PostgreSQL one statement per link: the delete triggers of one statement's links all run before
 * any of its cascades, so each would still read the others' rollup rows and a visitor's latest
 * click could stay a deleted link's. SQLite cascades row by row, and keeps no index of clicks by
 * link for a delete per link: one statement there.
 */
export async function deleteLinksWhere(tx: Executor, where: string, params: readonly SqlParam[]): Promise<void> {
  if (tx.engine === 'sqlite') {
    await tx.run(`DELETE FROM links WHERE ${where}`, params);
    return;
  }
  const links = await tx.all<{ id: number }>(`SELECT id FROM links WHERE ${where} ORDER BY id`, params);
  for (const link of links) await tx.run('DELETE FROM links WHERE id = ?', [link.id]);
}
