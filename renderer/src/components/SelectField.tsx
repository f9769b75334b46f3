/** A labelled select of fixed choices, as TextField is a labelled input. */
import type { ReactNode } from 'react';
import { ChoiceOptions } from './ChoiceOptions';
import { Field } from './Field';

export interface SelectFieldProps<V extends string> {
  label: ReactNode;
  hint?: ReactNode;
  name?: string;
  fieldClassName?: string;
  value: V;
  /** Each choice's value and words, in order. */
  choices: readonly (readonly [value: V, label: string])[];
  /** A first choice of the value '' ("any", "leave out"): V then includes ''. */
  none?: string;
  onValueChange: (value: V) => void;
}

export function SelectField<V extends string>(props: SelectFieldProps<V>) {
  const { label, hint, name, fieldClassName, value, choices, none, onValueChange } = props;
  return (
    <Field label={label} hint={hint} className={fieldClassName}>
      {(control) => (
        <select
          {...control}
          name={name}
          className="input"
          value={value}
          // The select offers the choices' values only (and '' with `none`).
          onChange={(event) => onValueChange(event.target.value as V)}
        >
          <ChoiceOptions none={none} choices={choices} />
        </select>
      )}
    </Field>
  );
}
