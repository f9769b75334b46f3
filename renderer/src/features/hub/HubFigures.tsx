/** The page's figures (docs/api.md#the-hub): views, visitors, clicks from it and per-link clicks over a range. */
import type { ReactNode } from 'react';
import type { DateRange, Link } from '../../../../redirector/contract';
import { useHubStats } from '../../api/hub';
import { Banner } from '../../components/Banner';
import { Card } from '../../components/Card';
import { StatCard, statValue } from '../../components/StatCard';
import { formatNumber } from '../../format/numbers';
import type { DraftLink } from './hubDraft';
import { HUB_TEXTS as TEXTS } from './hubTexts';

export interface HubFiguresProps {
  range: DateRange | undefined;
  /** The date range control of the analytics views. */
  rangeControl: ReactNode;
  draftLinks: DraftLink[];
  links: Link[];
  /** Changes when the page is saved, to read the figures again. */
  refresh: number;
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

export function HubFigures({ range, rangeControl, draftLinks, links, refresh }: HubFiguresProps) {
  const stats = useHubStats(range, refresh);
  const data = stats.data;
  const byId = new Map(links.map((link) => [link.id, link]));
  const clicksOf = new Map((data?.links ?? []).map((entry) => [entry.link_id, entry.clicks]));
  return (
    <Card title={TEXTS.figures} actions={rangeControl}>
      {stats.error ? <Banner tone="error">{TEXTS.statsFailed}</Banner> : null}
      <div className="hub-figures" data-testid="hub-figures">
        <StatCard label={TEXTS.views} value={statValue(data?.views)} icon="eye" />
        <StatCard label={TEXTS.visitors} value={statValue(data?.unique_visitors)} icon="users" tone="green" />
        <StatCard label={TEXTS.clicks} value={statValue(data?.clicks)} icon="pointer" tone="amber" />
        <StatCard label={TEXTS.clickRate} value={statValue(data?.click_rate, percent)} icon="activity" tone="pink" />
      </div>
      <h3 className="hub-figures__heading">{TEXTS.perLink}</h3>
      <table className="table hub-figures__table">
        <tbody>
          {draftLinks.map((item) => {
            const link = byId.get(item.link_id);
            return (
              <tr key={item.link_id}>
                <th scope="row">{item.label || link?.title || link?.short_code}</th>
                <td className="num">{formatNumber(clicksOf.get(item.link_id) ?? 0)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
