import { describe, expect, it } from 'vitest';
import { DOMAIN_WITHOUT_PORT, normaliseCustomDomain } from '../../../../redirector/auth/domainRules';
import { RuleError } from '../../../../redirector/ruleError';

describe('normaliseCustomDomain', () => {
  it('answers the stored domain, or a 400 RuleError with the rule’s words', () => {
    expect(normaliseCustomDomain(' Links.Example.COM. ', 'me.example.com')).toBe('links.example.com');
    let caught: unknown;
    try {
      normaliseCustomDomain('links.example.com:8080', 'me.example.com');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RuleError);
    expect((caught as RuleError).status).toBe(400);
    expect((caught as RuleError).message).toBe(DOMAIN_WITHOUT_PORT);
  });
});
