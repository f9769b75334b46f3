/**
 * ANONYMIZE_IPS (docs/api.md#hardening-and-privacy): a click keeps a truncated address, and the
 * visitor it belongs to is named by a keyed hash of the full address, so unique and repeat visitors
 * keep their meaning while no full address is written anywhere.
 */
import crypto from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * IPv4 with the last octet zeroed, IPv6 cut to its /48 (a site: the usual size of one customer's
 * allocation, so the address no longer names a household). Anything else (a socket without a peer)
 * is kept empty rather than guessed at.
 */
export function truncateAddress(address: string): string {
  const bare = address.trim().toLowerCase();
  if (isIPv4(bare)) return bare.replace(/\.\d+$/, '.0');
  if (!isIPv6(bare)) return '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped?.[1]) return truncateAddress(mapped[1]);
  return `${ipv6Prefix48(bare)}::`;
}

/** The first three groups of an IPv6 address, without leading zeros. */
function ipv6Prefix48(address: string): string {
  const withoutZone = address.split('%')[0] ?? address;
  const [head = '', tail] = withoutZone.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail takes two groups; it never reaches the first three unless the address is mostly zeros.
  const rightGroups = right.flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - rightGroups.length).fill('0');
  return [...left, ...zeros, ...rightGroups]
    .slice(0, 3)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':');
}

/** Separates the shown (truncated) address from the keyed hash in a visitor identity. */
const IDENTITY_SEPARATOR = '#';

/** What a click stores about who made it. */
export interface StoredAddress {
  /** The address as stored and shown: full, or truncated when anonymizing. */
  ip_address: string;
  /** The identity visitors are counted by when it is not the stored address; null: the address itself. */
  visitor: string | null;
}

export type AddressKeeper = (fullAddress: string) => StoredAddress;

/** ANONYMIZE_IPS off: the address is stored and is the visitor. */
export const keepFullAddress: AddressKeeper = (fullAddress) => ({ ip_address: fullAddress, visitor: null });

/**
 * ANONYMIZE_IPS on. The identity is `<truncated address>#<HMAC-SHA-256 of the full address>`: the
 * hash alone tells visitors apart; the prefix lets the repeat-visitor list show the stored address
 * without a second lookup. 128 bits of the hash are kept: collisions stay out of reach for any
 * number of visitors a link shortener sees, at 22 characters a click.
 */
export function anonymizingAddressKeeper(secret: Buffer): AddressKeeper {
  return (fullAddress) => {
    const ip = truncateAddress(fullAddress);
    const digest = crypto.createHmac('sha256', secret).update(fullAddress).digest().subarray(0, 16);
    return { ip_address: ip, visitor: `${ip}${IDENTITY_SEPARATOR}${digest.toString('base64url')}` };
  };
}

/** The address to show for a visitor identity as the rollups keep it. */
export function shownAddressOf(identity: string): string {
  const separator = identity.indexOf(IDENTITY_SEPARATOR);
  return separator === -1 ? identity : identity.slice(0, separator);
}

/** A limiter key (auth/clientKey.ts) fit to be written to a shared database: hashed when anonymizing. */
export function limiterKeyHasher(secret: Buffer): (key: string) => string {
  return (key) => crypto.createHmac('sha256', secret).update(`limit:${key}`).digest('base64url');
}
