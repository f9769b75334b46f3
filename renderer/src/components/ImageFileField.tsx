import { Button } from './Button';
import { Field, type FieldProps } from './Field';

export interface ImageFileFieldProps extends Omit<FieldProps, 'children'> {
  disabled?: boolean;
  /** The file picked (the input is emptied after, so the same file can be picked again). */
  onFile: (file: File) => void;
  /** A button beside the input while there is an image to take away. */
  remove?: { label: string; disabled?: boolean; onClick: () => void };
}

/** A labelled picker of one PNG, JPEG or WebP image. */
export function ImageFileField({ disabled, onFile, remove, ...field }: ImageFileFieldProps) {
  return (
    <Field {...field}>
      {(control) => (
        <div className="row">
          <input
            {...control}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={disabled}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onFile(file);
              event.target.value = '';
            }}
          />
          {remove ? (
            <Button size="sm" variant="danger-outline" disabled={remove.disabled} onClick={remove.onClick}>
              {remove.label}
            </Button>
          ) : null}
        </div>
      )}
    </Field>
  );
}
