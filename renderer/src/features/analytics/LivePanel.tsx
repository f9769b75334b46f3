/** The live panels of the admin dashboard: a card with its Live toggle, loading and error lines, a headline figure. */
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { Card } from '../../components/Card';
import { formatNumber } from '../../format/numbers';
import { LiveToggle } from './LiveToggle';

/** The dashboard's two live panels: their words and the test id of their figure. */
const PANELS = {
  realtime: { title: 'analytics.live.realtime', subtitle: 'analytics.live.last5', testId: 'clicks-per-minute' },
  activeVisitors: {
    title: 'analytics.live.activeVisitors',
    subtitle: 'analytics.live.last2',
    testId: 'active-visitors',
  },
} as const;

/** A live panel's Live toggle: on when the dashboard opens. */
export function useLiveToggle() {
  const [live, setLive] = useState(true);
  return { live, setLive };
}

export interface LivePanelProps<T> {
  panel: keyof typeof PANELS;
  toggle: ReturnType<typeof useLiveToggle>;
  load: { data: T | undefined; error: Error | undefined };
  /** The figure in large type above the panel's lists. */
  figure: (data: T) => { value: number; caption: string };
  children: (data: T) => ReactNode;
}

export function LivePanel<T>({ panel, toggle, load, figure, children }: LivePanelProps<T>) {
  const { t } = useTranslation();
  const { title, subtitle, testId } = PANELS[panel];
  return (
    <Card title={t(title)} subtitle={t(subtitle)} actions={<LiveToggle live={toggle.live} onChange={toggle.setLive} />}>
      {load.data !== undefined ? (
        <div className="stack">
          <PulseFigure {...figure(load.data)} testId={testId} />
          {children(load.data)}
        </div>
      ) : load.error ? (
        <p className="field__error">{errorMessage(load.error, t('analytics.failed'), { orStatus: true })}</p>
      ) : (
        <p className="muted text-sm">{t('analytics.loading')}</p>
      )}
    </Card>
  );
}

function PulseFigure({ value, caption, testId }: { value: number; caption: string; testId: string }) {
  return (
    <div className="pulse-figure">
      <span className="pulse-figure__value" data-testid={testId}>
        {formatNumber(value)}
      </span>
      <span className="pulse-figure__caption">{caption}</span>
    </div>
  );
}

export interface FeedProps<T> {
  items: T[];
  /** What shows instead of an empty list. */
  empty: string;
  /** One `<li className="feed__item">` per item. */
  children: (item: T) => ReactNode;
}

/** A live panel's list of recent things, or a quiet line when there are none. */
export function Feed<T>({ items, empty, children }: FeedProps<T>) {
  return items.length === 0 ? (
    <p className="muted text-sm">{empty}</p>
  ) : (
    <ul className="feed">{items.map(children)}</ul>
  );
}
