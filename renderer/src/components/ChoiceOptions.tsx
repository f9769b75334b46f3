/** A select's options: one for each choice, after a first one of no value when `none` names it (the prompt, or "any"). */
export interface ChoiceOptionsProps {
  none?: string;
  /** Each choice's value and words. */
  choices: readonly (readonly [value: string | number, label: string])[];
}

export function ChoiceOptions({ none, choices }: ChoiceOptionsProps) {
  return (
    <>
      {none === undefined ? null : <option value="">{none}</option>}
      {choices.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}
