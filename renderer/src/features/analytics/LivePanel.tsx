/** The live panels of the admin dashboard: a card with its Live toggle, loading and error lines, a headline figure. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { Card } from '../../components/Card';
import { formatNumber } from '../../format/numbers';
import { LiveToggle } from './LiveToggle';

export interface LivePanelProps<T> {
  title: string;
  subtitle: string;
  live: boolean;
  onLiveChange: (live: boolean) => void;
  load: { data: T | undefined; error: Error | undefined };
  /** The figure in large type above the panel's lists. */
  figure: (data: T) => { value: number; caption: string; testId: string };
  children: (data: T) => ReactNode;
}

export function LivePanel<T>({ title, subtitle, live, onLiveChange, load, figure, children }: LivePanelProps<T>) {
  const { t } = useTranslation();
  return (
    <Card title={title} subtitle={subtitle} actions={<LiveToggle live={live} onChange={onLiveChange} />}>
      {load.data !== undefined ? (
        <div className="stack">
          <PulseFigure {...figure(load.data)} />
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
