import type { ReactNode } from 'react';
import { cx } from './cx';

/** A fieldset of radio buttons under a legend, one a choice; `children` writes each choice's text. */
export function RadioGroup<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  className,
  choiceClassName,
  children,
}: {
  legend: string;
  name: string;
  choices: readonly T[];
  value: T;
  onChange: (choice: T) => void;
  className: string;
  choiceClassName?: string;
  children: (choice: T) => ReactNode;
}) {
  return (
    <fieldset className={className}>
      <legend className="field__label">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice} className={cx('checkbox', choiceClassName)}>
          <input type="radio" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
          {children(choice)}
        </label>
      ))}
    </fieldset>
  );
}
