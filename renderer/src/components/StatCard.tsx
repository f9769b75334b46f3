import type { ReactNode } from 'react';
import { formatNumber } from '../format/numbers';
import { cx } from './cx';
import { Icon, type IconName } from './Icon';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: IconName;
  tone?: 'indigo' | 'green' | 'amber' | 'pink';
}

/** A stat card's figure: '–' until it has loaded. */
export function statValue(value: number | undefined, format: (value: number) => string = formatNumber): string {
  return value === undefined ? '–' : format(value);
}

/** One headline figure: a label, a big value and an optional hint. */
export function StatCard({ label, value, hint, icon, tone = 'indigo' }: StatCardProps) {
  return (
    <div className="card stat-card">
      {icon ? (
        <div className={cx('icon-tile stat-card__icon', tone !== 'indigo' && `stat-card__icon--${tone}`)}>
          <Icon name={icon} size="lg" />
        </div>
      ) : null}
      <dl className="stack stack--xs stat-card__text">
        <dt className="stat-card__label">{label}</dt>
        <dd className="stat-card__value">{value}</dd>
        {hint !== undefined ? <dd className="stat-card__hint">{hint}</dd> : null}
      </dl>
    </div>
  );
}
