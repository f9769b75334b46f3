/**
 * The bench's links with 20 redirect rules each (docs/api.md#redirect-rules), measured beside the
 * plain links: no rule holds for the bench's visitors, so every visit tries all 20, each reading
 * the time, the address and the query before it fails; the visit then goes where a plain link's goes.
 */
import type { LinkRule } from '../../redirector/contract/linkRules';
import { type BenchLink, makeLinks } from './traffic';

function twentyRules(): LinkRule[] {
  return Array.from({ length: 20 }, (_, index) => ({
    when: [
      { type: 'time', after: '2000-01-01T00:00:00.000Z' },
      { type: 'ip', cidr: '0.0.0.0/0' },
      { type: 'query', name: `campaign${index}`, value: 'bench' },
    ],
    url: `https://rules.example.com/${index}`,
  }));
}

/**
 * The plain links again, each on a code of its own and with the same 20 rules: the same options
 * (TikTok bypass, country redirect, Instagram exit) at the same place, so the same visit pool
 * meets the same answers and only the rules differ (docs/performance.md, "The bench"). Links of
 * their own options once made the rules run answer three times as many TikTok pages.
 */
export function makeRuleLinks(plain: readonly BenchLink[]): (BenchLink & { rules: LinkRule[] })[] {
  const taken = new Set(plain.map((link) => link.short_code));
  const codes = makeLinks(plain.length * 2, 11)
    .map((link) => link.short_code)
    .filter((code) => !taken.has(code));
  return plain.map((link, index) => ({ ...link, short_code: codes[index]!, rules: twentyRules() }));
}
