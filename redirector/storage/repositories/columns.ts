/** The columns of each record, as both engines select them, and how SQLite stores the booleans. */
import { CLICK_FIELD_KINDS, STORED_CLICK_FIELDS } from '../../contract/clicks';
import { LINK_OPTION_NAMES, linkOptionDefaults, linkOptionsOfKind } from '../../contract/linkFields';
import type { RowShape } from '../executor';
import type { ClickRecord, LinkOptionFields, LinkRecord, NewClick, SessionRecord, UserRecord } from '../records';

export const USER_COLUMNS = [
  'id',
  'name',
  'email',
  'password_hash',
  'created_at',
  'disabled',
] as const satisfies readonly (keyof UserRecord)[];

export const USER_SHAPE: RowShape = { booleans: ['disabled'] };
/** The administrator's list adds whether the account is still invited. */
export const LISTED_USER_SHAPE: RowShape = { booleans: ['disabled', 'invited'] };

export const SESSION_COLUMNS = [
  'token_hash',
  'kind',
  'user_id',
  'expires_at',
  'id',
  'created_at',
  'last_used_at',
  'user_agent',
  'country',
  'city',
] as const satisfies readonly (keyof SessionRecord)[];

export const LINK_COLUMNS = [
  'id',
  'user_id',
  'title',
  'target_url',
  'short_code',
  'created_at',
  ...LINK_OPTION_NAMES,
  'password_hash',
  'domain',
  'team_id',
  'created_by',
  'created_by_key',
  'updated_by',
  'updated_by_key',
  'imported_clicks',
] as const satisfies readonly (keyof LinkRecord)[];

/** What a new link that leaves an option out gets. */
export const LINK_OPTION_DEFAULTS: Pick<LinkRecord, LinkOptionFields> = {
  ...linkOptionDefaults(),
  password_hash: null,
  domain: null,
  // Left out (a script's or a test's link): the personal team of `user_id` (linkInserts.ts).
  team_id: null,
  created_by: null,
  created_by_key: null,
  updated_by: null,
  updated_by_key: null,
  imported_clicks: 0,
};

/** What an update may change: never the id, owner, short code or creation time. */
export const CHANGEABLE_LINK_COLUMNS = [
  'title',
  'target_url',
  ...LINK_OPTION_NAMES,
  'password_hash',
  'domain',
  'updated_by',
  'updated_by_key',
] as const satisfies readonly (keyof LinkRecord)[];

export const LINK_SHAPE: RowShape = {
  booleans: linkOptionsOfKind('flag'),
  json: [...linkOptionsOfKind('countryAddresses'), ...linkOptionsOfKind('variants'), ...linkOptionsOfKind('rules')],
};

/** The columns a click insert fills, in the table's order (contract/clicks.ts). */
export const NEW_CLICK_COLUMNS = STORED_CLICK_FIELDS satisfies readonly (keyof NewClick)[];

export const CLICK_COLUMNS = ['id', ...NEW_CLICK_COLUMNS] as const satisfies readonly (keyof ClickRecord)[];

export const CLICK_SHAPE: RowShape = {
  booleans: STORED_CLICK_FIELDS.filter((field) => CLICK_FIELD_KINDS[field] === 'flag'),
};
