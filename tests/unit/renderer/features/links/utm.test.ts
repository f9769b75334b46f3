import { describe, expect, it } from 'vitest';
import { emptyUtm, readUtm, UTM_FIELDS, withUtm, writeUtm } from '../../../../../renderer/src/features/links/utm';

const campaign = {
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'spring sale',
  utm_term: 'shoes & socks',
  utm_content: 'héader=1',
};

describe('UTM helper', () => {
  it('round-trips all five parameters, spaces, ampersands and accents included', () => {
    const address = writeUtm('https://shop.example/page', campaign);
    expect(address).toBe(
      'https://shop.example/page?utm_source=newsletter&utm_medium=email&utm_campaign=spring%20sale' +
        '&utm_term=shoes%20%26%20socks&utm_content=h%C3%A9ader%3D1',
    );
    expect(readUtm(address)).toEqual(campaign);
    expect(new URL(address).searchParams.get('utm_term')).toBe('shoes & socks');
  });

  it('reads nothing from an address without them, and what a browser would from one with them', () => {
    expect(readUtm('https://shop.example/')).toEqual(emptyUtm());
    expect(readUtm('')).toEqual(emptyUtm());
    expect(readUtm('https://shop.example/?utm_source=a+b&utm_medium&x=1#utm_term=no')).toEqual({
      ...emptyUtm(),
      utm_source: 'a b',
    });
    // A broken escape is read as written rather than refused.
    expect(readUtm('https://shop.example/?utm_campaign=100%')).toEqual({ ...emptyUtm(), utm_campaign: '100%' });
  });

  it('keeps other parameters as written, in place, and the fragment', () => {
    const address = 'https://shop.example/p?ref=a%2Fb&utm_medium=old&q=x+y&flag#top';
    const written = writeUtm(address, { ...emptyUtm(), utm_medium: 'social', utm_source: 'tiktok' });
    expect(written).toBe('https://shop.example/p?ref=a%2Fb&utm_medium=social&q=x+y&flag&utm_source=tiktok#top');
  });

  it('removes empty ones, and the "?" with the last of them', () => {
    const address = writeUtm('https://shop.example/p?keep=1', campaign);
    expect(writeUtm(address, emptyUtm())).toBe('https://shop.example/p?keep=1');
    expect(writeUtm(writeUtm('https://shop.example/p', campaign), emptyUtm())).toBe('https://shop.example/p');
    expect(writeUtm('https://shop.example/p?utm_source=a&utm_source=b', emptyUtm())).toBe('https://shop.example/p');
  });

  it('changes one parameter at a time, as the form fields do', () => {
    let address = 'https://shop.example/';
    for (const name of UTM_FIELDS) address = withUtm(address, name, campaign[name]);
    expect(readUtm(address)).toEqual(campaign);
    address = withUtm(address, 'utm_campaign', '');
    expect(readUtm(address)).toEqual({ ...campaign, utm_campaign: '' });
    expect(address).not.toContain('utm_campaign');
  });

  it('works on an address still being typed', () => {
    expect(withUtm('', 'utm_source', 'x')).toBe('?utm_source=x');
    expect(withUtm('shop.exa', 'utm_source', 'x')).toBe('shop.exa?utm_source=x');
  });
});
