/** A stored click: its API type, the visitor facts it is made of, and how each stored field is kept. Pure. */

export type DeviceType = 'ios' | 'android' | 'web';

/** What a click records about the visitor's device, read from the user agent. */
export interface ClickDevice {
  device_type: DeviceType;
  /** Device model ('iPhone', 'SM-G991B'), null when unknown. */
  device_info: string | null;
  browser: string | null;
  browser_version: string | null;
  os: string | null;
  os_version: string | null;
}

/** What a click records about its visitor. */
export interface ClickVisitor extends ClickDevice {
  ip_address: string;
  /** ISO 3166-1 alpha-2, 'XX' when unknown. */
  country: string;
  city: string | null;
  /** Referrer host name or in-app browser ('instagram', 'tiktok', ...); null means Direct. */
  referrer_source: string | null;
  is_bot: boolean;
  /** As stored: cut to 512 characters at most. */
  user_agent: string;
}

export interface Click extends ClickVisitor {
  id: number;
  link_id: number;
  /** ISO 8601 UTC. */
  created_at: string;
  /** Epoch milliseconds, the same instant as created_at. */
  clicked_at: number;
  instagram_exit: boolean;
  /** Sent to the country-redirect address instead of the target. */
  blocked: boolean;
  /** The split-traffic variant the visitor went to (its index in the link's variants); null: none. */
  variant: number | null;
  /** Brought in by an import (docs/api.md#imports): counted in figures, never sent to webhooks or streams. */
  imported: boolean;
  /** The redirect rule that sent the visitor (its index in the link's rules); null: none (docs/api.md#redirect-rules). */
  rule: number | null;
}

/** How a stored field of a click is kept: its column's type, its decoding and its OpenAPI schema follow. */
export type ClickFieldKind =
  | 'id'
  | 'epochMs'
  | 'text'
  | 'optionalText'
  | 'country'
  | 'deviceType'
  | 'flag'
  | 'optionalIndex';

/**
 * A click's stored fields in the table's order, each with its kind: the insert columns, the
 * decoding of flags, the export's columns and the OpenAPI schema are read from here, and a field
 * added to Click without its kind here fails to compile.
 */
export const CLICK_FIELD_KINDS = {
  link_id: 'id',
  clicked_at: 'epochMs',
  ip_address: 'text',
  country: 'country',
  city: 'optionalText',
  device_type: 'deviceType',
  device_info: 'optionalText',
  browser: 'optionalText',
  browser_version: 'optionalText',
  os: 'optionalText',
  os_version: 'optionalText',
  referrer_source: 'optionalText',
  instagram_exit: 'flag',
  blocked: 'flag',
  is_bot: 'flag',
  user_agent: 'text',
  variant: 'optionalIndex',
  imported: 'flag',
  rule: 'optionalIndex',
} as const satisfies { [Field in keyof Omit<Click, 'id' | 'created_at'>]-?: ClickFieldKind };

export type StoredClickField = keyof typeof CLICK_FIELD_KINDS;

export const STORED_CLICK_FIELDS = Object.keys(CLICK_FIELD_KINDS) as StoredClickField[];
