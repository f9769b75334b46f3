import type { ReactNode } from 'react';

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="page-header">
      <div className="page-header__text">
        <h1 className="page-title">{title}</h1>
        {subtitle !== undefined ? <p className="muted text-sm">{subtitle}</p> : null}
      </div>
      {actions !== undefined ? <div className="row">{actions}</div> : null}
    </div>
  );
}
