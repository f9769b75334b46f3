import { describe, expect, it } from 'vitest';
import {
  checkCustomDomain,
  comparableHostName,
  defaultDomainOf,
  destinationHosts,
} from '../../../../redirector/contract/domains';
import { itReturns } from '../../../helpers/tables';

function messageOf(input: unknown, defaultDomain = 'me.example.com'): string {
  const result = checkCustomDomain(input, defaultDomain);
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

const storedDomain = (input: unknown, defaultDomain: string): string => {
  const result = checkCustomDomain(input, defaultDomain);
  if (!result.ok) throw new Error(result.error);
  return result.domain;
};

describe('the loop rule: host names as compared', () => {
  itReturns('lower-cases and removes one final dot: %s', comparableHostName, [
    ['Me.Example.', 'me.example'],
    ['me.example', 'me.example'],
    ['localhost.', 'localhost'],
    ['[::1]', '[::1]'],
  ]);

  it('gives each destination its host once, whatever its case, port or final dot', () => {
    expect(
      destinationHosts([
        'https://ME.example./code',
        'http://me.example:8080/x',
        'https://user@Me.Example/',
        'https://other.example/',
        'not a url',
      ]),
    ).toEqual(['me.example', 'other.example']);
    expect(destinationHosts(['https://%4De.example./'])).toEqual(['me.example']);
  });
});

describe('defaultDomainOf', () => {
  it('is the host name of PUBLIC_URL, without scheme or port', () => {
    expect(defaultDomainOf('http://localhost:8080')).toBe('localhost');
    expect(defaultDomainOf('https://Me.Example.com')).toBe('me.example.com');
    expect(defaultDomainOf('https://me.example.com./')).toBe('me.example.com');
  });
});

describe('checkCustomDomain', () => {
  it('keeps a bare host name, trimmed and lower-cased', () => {
    expect(storedDomain('  Links.Example.COM ', 'localhost')).toBe('links.example.com');
    expect(storedDomain('a.b.example.co.uk', 'localhost')).toBe('a.b.example.co.uk');
    expect(storedDomain('my-site.io.', 'localhost')).toBe('my-site.io');
    expect(storedDomain('bücher.de', 'localhost')).toBe('xn--bcher-kva.de');
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
