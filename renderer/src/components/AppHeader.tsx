import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { mayLeave } from './leaveGuard';
import { Preferences } from './Preferences';

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
  /** Text beside the actions, e.g. 'Welcome, Ada' (on phones it moves to its own line). */
  greeting?: ReactNode;
  /** Anything else after the brand. */
  children?: ReactNode;
  /** Buttons on the right. */
  actions?: ReactNode;
  /**
   * On a phone the buttons wrap onto another row instead of scrolling sideways in one: for a header
   * of few buttons (the admin shell's), which a scrolling row would cut (docs/api.md#screens).
   */
  wrapActions?: boolean;
  /** Full-width layout (admin shell) instead of the centred container. */
  fluid?: boolean;
}

export function AppHeader({
  title,
  homeHref = '/',
  greeting,
  children,
  actions,
  wrapActions = false,
  fluid = false,
}: AppHeaderProps) {
  return (
    <header className="app-header">
      <div className={fluid ? 'app-header__inner app-header__inner--fluid' : 'container app-header__inner'}>
        {/* A screen with unsaved work asks before the brand takes the user away (leaveGuard.ts). */}
        <Link to={homeHref} className="brand" onClick={(event) => mayLeave() || event.preventDefault()}>
          <BrandMark />
          <h1 className="brand__title">{title}</h1>
        </Link>
        {children}
        {greeting ? <span className="greeting app-header__greeting">{greeting}</span> : null}
        <div className={wrapActions ? 'app-header__actions app-header__actions--wrap' : 'app-header__actions'}>
          <Preferences />
          {actions}
        </div>
      </div>
    </header>
  );
}
