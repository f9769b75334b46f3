import { type ReactNode, useId } from 'react';

/** A section of a screen named by its own heading (a team's settings, members, invitations…). */
export function TitledSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="stack" aria-labelledby={titleId}>
      <h3 id={titleId} className="section-title">
        {title}
      </h3>
      {children}
    </section>
  );
}
