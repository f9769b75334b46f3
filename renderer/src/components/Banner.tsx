import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './Button';
import { cx } from './cx';
import { Icon, type IconName } from './Icon';

export type BannerTone = 'error' | 'success' | 'info' | 'warning';

const ICONS: Record<BannerTone, IconName> = { error: 'alert', success: 'checkCircle', info: 'info', warning: 'alert' };

export interface BannerProps {
  tone?: BannerTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a close button. */
  onDismiss?: () => void;
  /** Extra controls (e.g. Retry). */
  actions?: ReactNode;
}

/** A message strip. Errors are announced as alerts, the others politely. */
export function Banner({ tone = 'info', title, children, onDismiss, actions }: BannerProps) {
  const { t } = useTranslation();
  return (
    <div className={cx('banner', `banner--${tone}`)} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon name={ICONS[tone]} className="banner__icon" />
      <div className="banner__body">
        {title !== undefined ? <div className="banner__title">{title}</div> : null}
        {children !== undefined ? <div>{children}</div> : null}
      </div>
      {actions}
      {onDismiss ? (
        <IconButton icon="x" label={t('common.dismiss')} className="banner__dismiss" onClick={onDismiss} />
      ) : null}
    </div>
  );
}

/** A failure that stays until dismissed (a create or change that did not go through); nothing without one. */
export function FailureBanner({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  return message ? (
    <Banner tone="error" onDismiss={onDismiss}>
      {message}
    </Banner>
  ) : null;
}
