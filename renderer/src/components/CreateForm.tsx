/**
 * A form that makes something (a team, an invitation): its fields in a grid, then a primary "+" submit
 * button that says when the call is busy. Submitting never reloads the page.
 */
import type { ReactNode } from 'react';
import { SubmitButton } from './Button';
import { submitted } from './submitted';

export interface CreateFormProps {
  onCreate: () => unknown;
  busy: boolean;
  label: string;
  busyLabel: string;
  children: ReactNode;
}

export function CreateForm({ onCreate, busy, label, busyLabel, children }: CreateFormProps) {
  return (
    <form className="stack" noValidate onSubmit={submitted(onCreate)}>
      <div className="form-grid">{children}</div>
      <div className="row">
        <SubmitButton icon="plus" busy={busy} label={label} busyLabel={busyLabel} />
      </div>
    </form>
  );
}
