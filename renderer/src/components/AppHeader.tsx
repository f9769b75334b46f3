import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The product mark: a rounded square with 'Me'. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={['brand__mark', className].filter(Boolean).join(' ')} aria-hidden="true">
      Me
    </span>
  );
}

export interface AppHeaderProps {
  /** The header title, e.g. 'Me' or 'Me - Admin'. */
  title: string;
  /** Where the brand links to. */
  homeHref?: string;
  /** Text after the brand, e.g. the greeting. */
  children?: ReactNode;
  /** Buttons on the right. */
  actions?: ReactNode;
  /** Full-width layout (admin shell) instead of the centred container. */
  fluid?: boolean;
}

export function AppHeader({ title, homeHref = '/', children, actions, fluid = false }: AppHeaderProps) {
  return (
    <header className="app-header">
      <div
        className={fluid ? 'app-header__inner' : 'container app-header__inner'}
        style={fluid ? { padding: '0 1.5rem' } : undefined}
      >
        <Link to={homeHref} className="brand">
          <BrandMark />
          <h1 style={{ font: 'inherit', margin: 0 }}>{title}</h1>
        </Link>
        {children}
        {actions ? <div className="app-header__actions">{actions}</div> : null}
      </div>
    </header>
  );
}
