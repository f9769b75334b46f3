/** A longer text of the page (bio, description) with its length against the limit as the hint (docs/api.md#the-hub). */
import { characterCount } from '../../../../redirector/contract/characters';
import { Field } from '../../components/Field';

export interface HubTextAreaProps {
  label: string;
  value: string;
  /** The limit in characters, as the server counts them (code points, not UTF-16 units). */
  max: number;
  rows: number;
  className?: string;
  onValueChange: (value: string) => void;
}

export function HubTextArea({ label, value, max, rows, className, onValueChange }: HubTextAreaProps) {
  return (
    <Field label={label} optional hint={`${characterCount(value)} / ${max}`}>
      {(control) => (
        <textarea
          {...control}
          className={className ? `input ${className}` : 'input'}
          rows={rows}
          value={value}
          maxLength={max * 2}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}
