/** The click a recorded answer stores (docs/api.md#resolving-a-short-link): the visitor's facts and the answer's marks. */
import type { NewClick } from '../storage/records';
import type { RecordedDecision } from './visitDecision';
import type { Visitor } from './visitor';

export function visitClick(linkId: number, now: number, visitor: Visitor, decision: RecordedDecision): NewClick {
  const redirect = decision.kind === 'redirect';
  return {
    link_id: linkId,
    clicked_at: now,
    ip_address: visitor.ip_address,
    visitor: visitor.visitor,
    country: visitor.country,
    city: visitor.city,
    device_type: visitor.device_type,
    device_info: visitor.device_info,
    browser: visitor.browser,
    browser_version: visitor.browser_version,
    os: visitor.os,
    os_version: visitor.os_version,
    referrer_source: visitor.referrer_source,
    instagram_exit: redirect && decision.instagram_exit,
    blocked: redirect && decision.blocked,
    is_bot: visitor.is_bot,
    user_agent: visitor.user_agent,
    variant: decision.variant,
    rule: decision.rule,
  };
}
