/**
 * A user's custom domain (docs/api.md#domain): the rule is in contract/domains (the browser checks the
 * same); here a refusal becomes the RuleError 400 the HTTP layer answers.
 */
import { checkCustomDomain } from '../contract/domains';
import { invalidInput } from '../ruleError';

export {
  DOMAIN_INVALID,
  DOMAIN_IS_DEFAULT,
  DOMAIN_REQUIRED,
  DOMAIN_TAKEN,
  DOMAIN_WITHOUT_PATH,
  DOMAIN_WITHOUT_PORT,
  DOMAIN_WITHOUT_SCHEME,
  defaultDomainOf,
} from '../contract/domains';

/** The domain as stored, or a RuleError 400 saying what is wrong with it. */
export function normaliseCustomDomain(input: unknown, defaultDomain: string): string {
  const result = checkCustomDomain(input, defaultDomain);
  if (!result.ok) throw invalidInput(result.error);
  return result.domain;
}
