import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BrandMark } from './AppHeader';
import { Preferences } from './Preferences';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (switch between sign-in and sign-up, admin access). */
  footer?: ReactNode;
}

/** A centred card for sign-in style screens. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <main className="auth-layout">
      <div className="auth-card">
        <div className="auth-card__header">
          <Link to="/" className="brand" aria-label={t('components.homeLink')}>
            <BrandMark />
          </Link>
          <div className="stack stack--sm">
            <h1 className="auth-card__title">{title}</h1>
            {subtitle ? <p className="muted text-sm">{subtitle}</p> : null}
          </div>
        </div>
        {children}
        {footer ? <div className="auth-card__footer">{footer}</div> : null}
      </div>
      {/* Last in the page, so the keyboard reaches the page itself first; drawn in the corner. */}
      <Preferences corner />
    </main>
  );
}

/** A sign-in card's heading without the home link: the mark, the title and the line under it. */
export function BrandedCardHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="auth-card__header">
      <BrandMark className="hero__mark" />
      <h1 className="auth-card__title">{title}</h1>
      <p className="muted text-sm">{subtitle}</p>
    </div>
  );
}
