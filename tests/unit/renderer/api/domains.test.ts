import { describe, expect, it } from 'vitest';
import type { DomainVerification } from '../../../../redirector/contract';
import { verifiedDomainOf } from '../../../../renderer/src/api/domains';

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
