import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: IconName;
  action?: ReactNode;
}

export function EmptyState({ title, description, icon = 'link', action }: EmptyStateProps) {
  return (
    <div className="centred-column empty-state">
      <div className="icon-tile empty-state__icon">
        <Icon name={icon} size="lg" />
      </div>
      <h3 className="empty-state__title">{title}</h3>
      {description !== undefined ? <p className="empty-state__description">{description}</p> : null}
      {action !== undefined ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
