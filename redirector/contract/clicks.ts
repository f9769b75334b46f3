/** API type of a stored click. Types only. */

export type DeviceType = 'ios' | 'android' | 'web';

export interface Click {
  id: number;
  link_id: number;
  /** ISO 8601 UTC. */
  created_at: string;
  /** Epoch milliseconds, the same instant as created_at. */
  clicked_at: number;
  ip_address: string;
  /** ISO 3166-1 alpha-2, 'XX' when unknown. */
  country: string;
  city: string | null;
  device_type: DeviceType;
  /** Device model ('iPhone', 'SM-G991B'), null when unknown. */
  device_info: string | null;
  browser: string | null;
  browser_version: string | null;
  os: string | null;
  os_version: string | null;
  /** Referrer host name or in-app browser ('instagram', 'tiktok', ...); null means Direct. */
  referrer_source: string | null;
  instagram_exit: boolean;
  /** Sent to the country-redirect address instead of the target. */
  blocked: boolean;
  is_bot: boolean;
  user_agent: string;
}
