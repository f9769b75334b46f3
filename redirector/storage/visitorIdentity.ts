/**
 * Who a click's visitor is, for every figure that counts or groups visitors (unique visitors,
 * repeat visitors, live and realtime visitors) on both engines: the `visitor` column when the
 * click has one (ANONYMIZE_IPS: a keyed hash, privacy/addresses.ts), else the stored address.
 * NULL standing for "the address" means clicks stored before the column existed, or with
 * anonymizing off, need no rewrite and no extra bytes.
 *
 * The rollups keep this identity in their `ip_address` columns (the name predates it).
 */
export function visitorIdentitySql(alias?: string): string {
  const prefix = alias ? `${alias}.` : '';
  return `COALESCE(${prefix}visitor, ${prefix}ip_address)`;
}
