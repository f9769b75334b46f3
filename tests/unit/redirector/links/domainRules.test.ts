import { describe, expect, it } from 'vitest';
import { defaultDomainOf, normaliseCustomDomain } from '../../../../redirector/links/domainRules';
import { RuleError } from '../../../../redirector/ruleError';

function messageOf(input: unknown, defaultDomain = 'me.example.com'): string {
  try {
    normaliseCustomDomain(input, defaultDomain);
  } catch (error) {
    if (error instanceof RuleError && error.status === 400) return error.message;
    throw error;
  }
  throw new Error('expected a 400 RuleError');
}

describe('defaultDomainOf', () => {
  it('is the host name of PUBLIC_URL, without scheme or port', () => {
    expect(defaultDomainOf('http://localhost:8080')).toBe('localhost');
    expect(defaultDomainOf('https://Me.Example.com')).toBe('me.example.com');
  });
});

describe('normaliseCustomDomain', () => {
  it('keeps a bare host name, trimmed and lower-cased', () => {
    expect(normaliseCustomDomain('  Links.Example.COM ', 'localhost')).toBe('links.example.com');
    expect(normaliseCustomDomain('a.b.example.co.uk', 'localhost')).toBe('a.b.example.co.uk');
    expect(normaliseCustomDomain('my-site.io.', 'localhost')).toBe('my-site.io');
    expect(normaliseCustomDomain('bücher.de', 'localhost')).toBe('xn--bcher-kva.de');
  });

  it('says what is wrong with anything else', () => {
    expect(messageOf('')).toBe('Please enter a domain');
    expect(messageOf('   ')).toBe('Please enter a domain');
    expect(messageOf(undefined)).toBe('Please enter a domain');
    expect(messageOf(42)).toBe('Please enter a domain');
    expect(messageOf('https://links.example.com')).toBe('Enter the domain without http:// or https://');
    expect(messageOf('HTTP://links.example.com/')).toBe('Enter the domain without http:// or https://');
    expect(messageOf('links.example.com/go')).toBe('Enter the domain without a path (just the host name)');
    expect(messageOf('links.example.com?x=1')).toBe('Enter the domain without a path (just the host name)');
    expect(messageOf('links.example.com:8080')).toBe('Enter the domain without a port');
    for (const bad of ['localhost', 'exa mple.com', '-bad.com', 'bad-.com', 'a..com', '1.2.3.4', 'under_score.com']) {
      expect(messageOf(bad), bad).toBe('Please enter a valid domain name, like links.example.com');
    }
    expect(messageOf(`${'a'.repeat(64)}.com`)).toBe('Please enter a valid domain name, like links.example.com');
  });

  it('never takes the default domain', () => {
    expect(messageOf('ME.example.com', 'me.example.com')).toBe(
      'That is already the default domain; enter a domain of your own',
    );
  });
});
