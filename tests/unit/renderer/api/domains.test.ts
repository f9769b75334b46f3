import { describe, expect, it } from 'vitest';
import type { DomainVerification } from '../../../../redirector/contract';
import { teamDomainsOf, verifiedDomainOf } from '../../../../renderer/src/api/domains';

const record = { type: 'TXT' as const, name: '_me-challenge.go.ann.example', value: 'me-verify=x' };
const state = (status: DomainVerification['status']): DomainVerification => ({
  status,
  record,
  checked_at: null,
  error: null,
});

describe('the domain links may go on', () => {
  it('is the custom domain only once it is verified', () => {
    expect(verifiedDomainOf({ customDomain: 'go.ann.example', verification: state('verified') })).toBe(
      'go.ann.example',
    );
    expect(verifiedDomainOf({ customDomain: 'go.ann.example', verification: state('pending') })).toBe(null);
    expect(verifiedDomainOf({ customDomain: 'go.ann.example', verification: state('failed') })).toBe(null);
    // Before the domain call answers, the session knows the name but not the state.
    expect(verifiedDomainOf({ customDomain: 'go.ann.example', verification: null })).toBe(null);
    expect(verifiedDomainOf({ customDomain: null, verification: null })).toBe(null);
  });
});

describe("the team's domains an API key may be held to", () => {
  const publicUrl = 'https://Me.Example.com:8443/';
  it("are the default domain's host name, then the verified custom domain", () => {
    expect(teamDomainsOf({ publicUrl, customDomain: 'go.ann.example', verification: state('verified') })).toEqual([
      'me.example.com',
      'go.ann.example',
    ]);
    expect(teamDomainsOf({ publicUrl, customDomain: 'go.ann.example', verification: state('pending') })).toEqual([
      'me.example.com',
    ]);
  });

  it('leave out a default domain without a dot, which `domains` does not take', () => {
    const local = { publicUrl: 'http://localhost:8080', customDomain: null, verification: null };
    expect(teamDomainsOf(local)).toEqual([]);
    expect(teamDomainsOf({ ...local, customDomain: 'go.ann.example', verification: state('verified') })).toEqual([
      'go.ann.example',
    ]);
  });
});
