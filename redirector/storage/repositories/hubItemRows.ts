/**
 * A hub's items as rows of hub_items (docs/api.md#hub-items): read in display order with each
 * link item's link, and replaced keeping the ids the editor sent back (an item's figures follow
 * its id), giving new ids to the rest. A link item leaves with its link (ON DELETE CASCADE).
 */
import type { HubItemBody, HubItemFlags, HubItemInput, SocialEntry } from '../../contract/hubItems';
import type { Executor, RowShape } from '../executor';
import { hubOwnedByRow } from './scopeFilter';

/** A link item's link, as its button shows it. */
export interface HubLinkRecord {
  link_id: number;
  label: string | null;
  title: string;
  short_code: string;
  domain: string | null;
}

/** One stored item; a link item carries its link. */
export type HubItemRecord = (
  | (Extract<HubItemBody, { type: 'link' }> & Omit<HubLinkRecord, 'link_id' | 'label'>)
  | Exclude<HubItemBody, { type: 'link' }>
) &
  HubItemFlags & { id: number };

interface ItemRow extends HubItemFlags {
  id: number;
  type: HubItemBody['type'];
  link_id: number | null;
  label: string | null;
  content: string;
  title: string | null;
  short_code: string | null;
  domain: string | null;
}

const ITEM_SHAPE: RowShape = { booleans: ['visible', 'highlight', 'sensitive'] };

function toRecord(row: ItemRow): HubItemRecord {
  const flags: HubItemFlags & { id: number } = {
    id: Number(row.id),
    visible: row.visible,
    starts_at: row.starts_at === null ? null : Number(row.starts_at),
    ends_at: row.ends_at === null ? null : Number(row.ends_at),
    highlight: row.highlight,
    sensitive: row.sensitive,
  };
  switch (row.type) {
    case 'link':
      return {
        ...flags,
        type: 'link',
        link_id: Number(row.link_id),
        label: row.label,
        title: row.title ?? '',
        short_code: row.short_code ?? '',
        domain: row.domain,
      };
    case 'heading':
    case 'text':
      return { ...flags, type: row.type, text: row.content };
    case 'social':
      return { ...flags, type: 'social', socials: JSON.parse(row.content) as SocialEntry[] };
    default:
      return { ...flags, type: 'divider' };
  }
}

/** The items of the hub of team `teamId` in display order. */
export async function readItems(db: Executor, teamId: number): Promise<HubItemRecord[]> {
  const owned = hubOwnedByRow(teamId, 'i');
  const rows = await db.all<ItemRow>(
    `SELECT i.id, i.type, i.link_id, i.label, i.content, i.visible, i.starts_at, i.ends_at, i.highlight, i.sensitive,
       l.title, l.short_code, l.domain
     FROM hub_items i LEFT JOIN links l ON l.id = i.link_id WHERE ${owned.sql} ORDER BY i.position, i.id`,
    owned.params,
    ITEM_SHAPE,
  );
  return rows.map(toRecord);
}

/** What an item stores besides its flags: its link and label, or its text or socials. */
function columnsOf(item: HubItemInput): [number | null, string | null, string] {
  switch (item.type) {
    case 'link':
      return [item.link_id, item.label, ''];
    case 'heading':
    case 'text':
      return [null, null, item.text];
    case 'social':
      return [null, null, JSON.stringify(item.socials)];
    default:
      return [null, null, ''];
  }
}

/** Replaces the items of team `teamId`'s hub inside `tx`: an id of this hub is kept, any other is new. */
export async function replaceItems(tx: Executor, teamId: number, items: readonly HubItemInput[]): Promise<void> {
  const kept = items.map((item) => item.id).filter((id): id is number => id !== null);
  const notKept = kept.length === 0 ? '' : ` AND id NOT IN (${kept.map(() => '?').join(', ')})`;
  const owned = hubOwnedByRow(teamId);
  await tx.run(`DELETE FROM hub_items WHERE ${owned.sql}${notKept}`, [...owned.params, ...kept]);
  for (const [position, item] of items.entries()) {
    const values = [
      position,
      item.type,
      ...columnsOf(item),
      item.visible,
      item.starts_at,
      item.ends_at,
      item.highlight,
      item.sensitive,
    ];
    const updated =
      item.id !== null &&
      (await tx.run(
        `UPDATE hub_items SET position = ?, type = ?, link_id = ?, label = ?, content = ?, visible = ?, starts_at = ?,
           ends_at = ?, highlight = ?, sensitive = ? WHERE id = ? AND ${owned.sql}`,
        [...values, item.id, ...owned.params],
      )) > 0;
    if (updated) continue;
    await tx.run(
      `INSERT INTO hub_items (position, type, link_id, label, content, visible, starts_at, ends_at, highlight, sensitive,
         team_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [...values, teamId],
    );
  }
}
