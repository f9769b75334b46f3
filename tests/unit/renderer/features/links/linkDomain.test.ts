import { describe, expect, it } from 'vitest';
import {
  initialLinkDomain,
  type LinkDomains,
  linkDomainChoices,
  shortCodePrefix,
} from '../../../../../renderer/src/features/links/linkDomain';
import { apiLink } from '../../../../helpers/linkFixtures';

const none: LinkDomains = { defaultHost: 'me.example:8080', verified: null };
const verified: LinkDomains = { defaultHost: 'me.example:8080', verified: 'go.ann.example' };

describe('the domain of a user link', () => {
  it('offers no choice without a verified domain: the body leaves domain out', () => {
    expect(linkDomainChoices(none)).toBe(null);
    expect(initialLinkDomain(none, null)).toBeUndefined();
    expect(initialLinkDomain(none, apiLink({ domain: null }))).toBeUndefined();
    expect(shortCodePrefix(none, undefined, null)).toBe('me.example:8080/');
  });

  it('offers the verified domain first and the default domain, a new link starting on the verified one', () => {
    expect(linkDomainChoices(verified)).toEqual([
      { domain: 'go.ann.example', label: 'go.ann.example' },
      { domain: null, label: 'me.example:8080 (default domain)' },
    ]);
    expect(initialLinkDomain(verified, null)).toBe('go.ann.example');
    expect(shortCodePrefix(verified, 'go.ann.example', null)).toBe('go.ann.example/');
    expect(shortCodePrefix(verified, null, null)).toBe('me.example:8080/');
  });

  it("starts an edit on the link's own domain, and leaves a link on a domain no longer verified where it is", () => {
    expect(initialLinkDomain(verified, apiLink({ domain: null }))).toBe(null);
    expect(initialLinkDomain(verified, apiLink({ domain: 'go.ann.example' }))).toBe('go.ann.example');
    const elsewhere = apiLink({ domain: 'old.ann.example' });
    expect(initialLinkDomain(verified, elsewhere)).toBeUndefined();
    expect(shortCodePrefix(verified, undefined, elsewhere)).toBe('old.ann.example/');
  });
});
