/** API types of a stored click, and the visitor facts it is made of. Types only. */

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
}
