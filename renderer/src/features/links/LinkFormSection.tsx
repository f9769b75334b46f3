/** A folding section of the link form: open from the start when it holds a value or an error. */
import type { ReactNode } from 'react';

export interface LinkFormSectionProps {
  title: string;
  /** A word beside the title while folded ('set', 'Protected'…). */
  state?: ReactNode;
  /** Whether it starts open; an error opens it too, so the field in error can take the focus. */
  open: boolean;
  children: ReactNode;
}

export function LinkFormSection({ title, state, open, children }: LinkFormSectionProps) {
  return (
    <details className="form-section" open={open}>
      <summary className="form-section__summary">
        <span className="form-section__title">{title}</span>
        {state ? <span className="form-section__state">{state}</span> : null}
      </summary>
      <div className="form-section__body">{children}</div>
    </details>
  );
}
