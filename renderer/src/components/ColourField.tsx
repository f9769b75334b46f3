import { Field } from './Field';

/** A labelled colour picker that shows its value as `#rrggbb` (lowercase): the hub's accent, the QR code's colours. */
export function ColourField({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <div className="row">
          <input
            {...control}
            type="color"
            className={className}
            value={value}
            onChange={(event) => onChange(event.target.value.toLowerCase())}
          />
          <span className="mono">{value}</span>
        </div>
      )}
    </Field>
  );
}
