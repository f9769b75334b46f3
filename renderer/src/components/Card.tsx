import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Buttons or controls on the right of the title. */
  actions?: ReactNode;
  /** Body without side padding (tables). */
  flush?: boolean;
  children?: ReactNode;
}

/** A surface with an optional header. With a title it is a labelled region (a section). */
export function Card({ title, subtitle, actions, flush = false, className, children, ...rest }: CardProps) {
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <section className={cx('card', className)} {...rest}>
      {hasHeader ? (
        <header className="card__header">
          <div>
            {title !== undefined ? <h2 className="card__title">{title}</h2> : null}
            {subtitle !== undefined ? <p className="card__subtitle">{subtitle}</p> : null}
          </div>
          {actions}
        </header>
      ) : null}
      <div className={flush ? 'card__body--flush' : 'card__body'}>{children}</div>
    </section>
  );
}
