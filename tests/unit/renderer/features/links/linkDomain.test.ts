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

  it('offers only the domains the member (or key) may use, and starts a new link on the first of them', () => {
    const onlyDefault: LinkDomains = { ...verified, allowed: ['me.example'] };
    expect(linkDomainChoices(onlyDefault)).toEqual([{ domain: null, label: 'me.example:8080 (default domain)' }]);
    expect(initialLinkDomain(onlyDefault, null)).toBe(null);
    // A link on the domain the member may not use stays where it is.
    expect(initialLinkDomain(onlyDefault, apiLink({ domain: 'go.ann.example' }))).toBeUndefined();
    const onlyCustom: LinkDomains = { ...verified, allowed: ['go.ann.example'] };
    expect(linkDomainChoices(onlyCustom)).toEqual([{ domain: 'go.ann.example', label: 'go.ann.example' }]);
    expect(initialLinkDomain(onlyCustom, null)).toBe('go.ann.example');
    // None it may use: no choice, and the server's answer says why.
    expect(linkDomainChoices({ ...verified, allowed: ['elsewhere.example'] })).toBe(null);
    expect(linkDomainChoices({ ...verified, allowed: null })).toHaveLength(2);
  });
});
