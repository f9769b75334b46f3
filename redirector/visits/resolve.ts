/**
 * The short-link decision for a visit that gets through (docs/api.md#resolving-a-short-link, steps
 * 5 to 8), pure: a link and a visitor in, what to answer out. The steps before it (no such code,
 * a disabled owner, expiry, the password) are the handler's: they need the clock, the database or
 * the request.
 *
 * A link with redirect rules (docs/api.md#redirect-rules) sends a device with an app link there
 * first, then tries its rules in order, then goes on with the steps below. A link without rules
 * pays one length check.
 */
import type { DeviceType } from '../contract/clicks';
import { pickVariant, variantBucket } from '../contract/linkConversion';
import { matchingRule, type RuleVisit } from '../contract/ruleMatch';
import type { LinkRecord } from '../storage/records';
import { isDevelopingCountry } from './developingCountries';
import type { InAppApp } from './inAppBrowser';

/**
 * `variant`: the split-traffic variant the visitor goes to (its index), null when none; `rule`: the
 * redirect rule that sent it (its index), null when none. Every field is set when the object is
 * made, so that V8 gives all resolutions of a kind one shape (docs/performance.md).
 */
export type Resolution =
  | {
      kind: 'redirect';
      location: string;
      blocked: boolean;
      instagram_exit: boolean;
      variant: number | null;
      rule: number | null;
    }
  | { kind: 'tiktok-bypass'; target: string; variant: number | null; rule: number | null };

/** What only redirect rules read of the request (the visit's input itself: nothing is copied); absent: no rule holds. */
export type VisitFacts = RuleVisit;

export interface ResolveVisitor {
  country: string;
  in_app: InAppApp | null;
  /** Absent: a desktop browser. */
  device_type?: DeviceType;
  /** §5's visitor (docs/api.md#analytics): who a split link keeps on one variant. Absent: ''. */
  ip_address?: string;
  /** The anonymised identity, when it names the visitor instead of ip_address. */
  visitor?: string | null;
  /** The full client address, for redirect rules only (never stored); absent: ip_address. */
  address?: string;
}

export type ResolvableLink = Pick<
  LinkRecord,
  | 'target_url'
  | 'enable_tiktok_bypass'
  | 'enable_country_redirect'
  | 'country_redirect_url'
  | 'enable_instagram_exit'
  | 'instagram_exit_url'
  | 'ios_url'
  | 'android_url'
  | 'geo_targets'
  | 'id'
  | 'variants'
  | 'rules'
>;

const redirect = (location: string, variant: number | null = null, rule: number | null = null): Resolution => ({
  kind: 'redirect',
  location,
  blocked: false,
  instagram_exit: false,
  variant,
  rule,
});

export function resolveLink(link: ResolvableLink, visitor: ResolveVisitor, facts?: VisitFacts): Resolution {
  if (link.rules.length > 0 && facts !== undefined) {
    const ruled = byRules(link, visitor, facts);
    if (ruled !== undefined) return ruled;
  }
  const countryTarget = link.geo_targets[visitor.country];
  // An own property only: a country code never names something on Object's prototype.
  if (countryTarget !== undefined && Object.hasOwn(link.geo_targets, visitor.country)) return redirect(countryTarget);
  if (link.enable_country_redirect && link.country_redirect_url && isDevelopingCountry(visitor.country)) {
    return {
      kind: 'redirect',
      location: link.country_redirect_url,
      blocked: true,
      instagram_exit: false,
      variant: null,
      rule: null,
    };
  }
  if (link.enable_instagram_exit && link.instagram_exit_url && visitor.in_app === 'instagram') {
    return {
      kind: 'redirect',
      location: link.instagram_exit_url,
      blocked: false,
      instagram_exit: true,
      variant: null,
      rule: null,
    };
  }
  const device =
    visitor.device_type === 'ios' ? link.ios_url : visitor.device_type === 'android' ? link.android_url : null;
  let destination = device ?? link.target_url;
  let variant: number | null = null;
  // The device's own address wins over the split (docs/api.md#split-traffic).
  if (device === null && link.variants.length > 0) {
    variant = pickVariant(link.variants, variantBucket(link.id, visitor.visitor ?? visitor.ip_address ?? ''));
    destination = link.variants[variant]!.url;
  }
  if (link.enable_tiktok_bypass && visitor.in_app === 'tiktok')
    return { kind: 'tiktok-bypass', target: destination, variant, rule: null };
  return redirect(destination, variant);
}

/** An app link for the visitor's device, else the first rule that holds; undefined: neither. */
function byRules(link: ResolvableLink, visitor: ResolveVisitor, facts: VisitFacts): Resolution | undefined {
  const device_type = visitor.device_type ?? 'web';
  const appLink = device_type === 'ios' ? link.ios_url : device_type === 'android' ? link.android_url : null;
  const index = appLink === null ? matchingRule(link.rules, facts, visitor) : -1;
  if (appLink === null && index === -1) return undefined;
  const destination = appLink ?? link.rules[index]!.url;
  const rule = index === -1 ? null : index;
  return link.enable_tiktok_bypass && visitor.in_app === 'tiktok'
    ? { kind: 'tiktok-bypass', target: destination, variant: null, rule }
    : redirect(destination, null, rule);
}
