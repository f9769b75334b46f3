/** The page's figures (docs/api.md#the-hub): views, visitors, clicks from it and per-link clicks over a range. */

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateRange, Link } from '../../../../redirector/contract';
import type { useHubStats } from '../../api/hub';
import { Banner } from '../../components/Banner';
import { Card } from '../../components/Card';
import { rangeLabel, titleWithRange } from '../../components/charts/rangeTitle';
import { StatCard, statValue } from '../../components/StatCard';
import { formatNumber, formatPercent } from '../../format/numbers';
import type { DraftItem } from './hubDraft';

export interface HubFiguresProps {
  range: DateRange | undefined;
  /** The date range control of the analytics views. */
  rangeControl: ReactNode;
  /** The page's link items, in order. */
  draftLinks: DraftItem[];
  links: Link[];
  /** The figures, read by the editor (which also shows each item's beside it). */
  stats: ReturnType<typeof useHubStats>;
}

const percent = (value: number) => formatPercent(value, 1);

export function HubFigures({ range, rangeControl, draftLinks, links, stats }: HubFiguresProps) {
  const { t } = useTranslation();
  const data = stats.data;
  const byId = new Map(links.map((link) => [link.id, link]));
  const clicksOf = new Map((data?.links ?? []).map((entry) => [entry.link_id, entry.clicks]));
  return (
    <Card title={titleWithRange(t('hub.figures'), rangeLabel(range))} actions={rangeControl}>
      {stats.error ? <Banner tone="error">{t('hub.statsFailed')}</Banner> : null}
      <div className="hub-figures" data-testid="hub-figures">
        <StatCard label={t('hub.views')} value={statValue(data?.views)} icon="eye" />
        <StatCard label={t('hub.visitors')} value={statValue(data?.unique_visitors)} icon="users" tone="green" />
        <StatCard label={t('hub.clicks')} value={statValue(data?.clicks)} icon="pointer" tone="amber" />
        <StatCard label={t('hub.clickRate')} value={statValue(data?.click_rate, percent)} icon="activity" tone="pink" />
      </div>
      <h3 className="hub-figures__heading">{t('hub.perLink')}</h3>
      <table className="table hub-figures__table">
        <tbody>
          {draftLinks.map((item) => {
            const link = byId.get(item.link_id);
            return (
              <tr key={item.key}>
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
