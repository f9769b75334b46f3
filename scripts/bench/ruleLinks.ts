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

/** As many links as the plain set, on codes of their own, each with the same 20 rules. */
export function makeRuleLinks(count: number): (BenchLink & { rules: LinkRule[] })[] {
  return makeLinks(count, 11).map((link) => ({ ...link, rules: twentyRules() }));
}
