import { describe, expect, it } from 'vitest';
import { makeAddresses, makeLinks, makeUserAgents, makeVisitPool, onHost } from '../../../../scripts/bench/traffic';

describe('traffic', () => {
  it('makes distinct, valid short codes and the same links every time', () => {
    const links = makeLinks(2000);
    expect(new Set(links.map((l) => l.short_code)).size).toBe(2000);
    expect(links.every((l) => /^[A-Za-z0-9]{6}$/.test(l.short_code))).toBe(true);
    expect(makeLinks(2000)).toEqual(links);
    expect(links.every((l) => l.enable_country_redirect === (l.country_redirect_url !== null))).toBe(true);
    expect(links.every((l) => l.enable_instagram_exit === (l.instagram_exit_url !== null))).toBe(true);
  });

  it('mixes user agents from every group, in-app browsers and bots included', () => {
    const groups = makeUserAgents();
    expect(groups.map((g) => g.kind)).toEqual([
      'iOS Safari',
      'iOS Chrome',
      'Android Chrome',
      'Instagram in-app',
      'Facebook in-app',
      'TikTok in-app',
      'desktop browsers',
      'bots and previews',
    ]);
    expect(groups.reduce((sum, g) => sum + g.weight, 0)).toBeCloseTo(1, 10);
    const all = groups.flatMap((g) => g.agents);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(200);
  });

  it('uses public addresses only', () => {
    const addresses = makeAddresses(1000);
    expect(new Set(addresses).size).toBe(1000);
    for (const address of addresses) {
      const first = Number(address.split('.')[0]);
      expect([0, 10, 127, 169, 172, 192].includes(first) || first >= 224).toBe(false);
    }
  });

  it('builds a skewed pool of visits to the links, with a few unknown codes', () => {
    const links = makeLinks(1000);
    const visits = makeVisitPool({ links, size: 5000 });
    const codes = new Set(links.map((l) => `/${l.short_code}`));
    const unknown = visits.filter((v) => !codes.has(v.path)).length;
    expect(unknown).toBeGreaterThan(0);
    expect(unknown).toBeLessThan(150);
    const top = visits.filter((v) => v.path === `/${links[0]!.short_code}`).length;
    expect(top).toBeGreaterThan(5000 / 1000);
    expect(visits.every((v) => v.headers['X-Forwarded-For'] && v.headers['User-Agent'])).toBe(true);
    expect(makeVisitPool({ links, size: 5000 })).toEqual(visits);
  });

  it('sends the same visits to a custom domain: the same paths and headers, with its Host', () => {
    const visits = makeVisitPool({ links: makeLinks(100), size: 200 });
    const onDomain = onHost(visits, 'go.bench.example');
    expect(onDomain.map((v) => v.path)).toEqual(visits.map((v) => v.path));
    for (const [i, visit] of onDomain.entries()) {
      expect(visit.headers).toEqual({ ...visits[i]!.headers, Host: 'go.bench.example' });
    }
    expect(visits.some((v) => 'Host' in v.headers)).toBe(false);
  });
});
