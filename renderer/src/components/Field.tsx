/**
 * Labelled form controls. Every control gets a visible <label>, its hint and error are linked with
 * aria-describedby, and an error sets aria-invalid.
 */
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localiseMessage } from '../i18n/messages';
import { IconButton } from './Button';
import { cx } from './cx';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  /** Shows '(optional)' after the label. */
  optional?: boolean;
  className?: string;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ label, hint, error, required, optional, className, children }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // An error replaces the hint, so only one line of help shows at a time.
  const showHint = Boolean(hint) && !error;
  const describedBy = (error ? errorId : showHint ? hintId : '') || undefined;
  return (
    <div className={cx('field', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
        {optional ? <span className="field__optional"> {t('common.optional')}</span> : null}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {showHint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {localiseMessage(error)}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  /** Text shown inside the input's left edge (e.g. 'me.example/'). */
  prefix?: string;
  onValueChange?: (value: string) => void;
  onChange?: InputHTMLAttributes<HTMLInputElement>['onChange'];
  fieldClassName?: string;
}

export function TextField({
  label,
  hint,
  error,
  optional,
  prefix,
  required,
  className,
  fieldClassName,
  onValueChange,
  onChange,
  type = 'text',
  ...rest
}: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} optional={optional} className={fieldClassName}>
      {(control) => {
        const input = (
          <input
            {...control}
            {...rest}
            type={type}
            required={required}
            className={cx('input', className)}
            onChange={(event) => {
              onChange?.(event);
              onValueChange?.(event.target.value);
            }}
          />
        );
        return prefix ? (
          <div className="input-affix">
            <span className="input-affix__prefix" title={prefix}>
              {prefix}
            </span>
            {input}
          </div>
        ) : (
          input
        );
      }}
    </Field>
  );
}

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'prefix' | 'optional'> {
  /** The toggle's names when the secret is not a password (the admin key): show it, hide it. */
  revealLabels?: { show: string; hide: string };
}

/** The toggle's names on an admin key field: every screen calls that credential "admin key". */
export function useAdminKeyReveal(): { show: string; hide: string } {
  const { t } = useTranslation();
  return { show: t('a11y.showAdminKey'), hide: t('a11y.hideAdminKey') };
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  label,
  hint,
  error,
  required,
  className,
  fieldClassName,
  onValueChange,
  onChange,
  revealLabels,
  ...rest
}: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} hint={hint} error={error} required={required} className={fieldClassName}>
      {(control) => (
        <div className="input-group">
          <input
            {...control}
            {...rest}
            type={visible ? 'text' : 'password'}
            required={required}
            className={cx('input', className)}
            onChange={(event) => {
              onChange?.(event);
              onValueChange?.(event.target.value);
            }}
          />
          <IconButton
            icon={visible ? 'eyeOff' : 'eye'}
            label={
              visible
                ? (revealLabels?.hide ?? t('common.hidePassword'))
                : (revealLabels?.show ?? t('common.showPassword'))
            }
            aria-pressed={visible}
            className="input-group__action"
            onClick={() => setVisible((shown) => !shown)}
          />
        </div>
      )}
    </Field>
  );
}

/** A message about a group of fields or a whole form, announced when it appears; nothing without one. */
export function FormAlert({ message }: { message?: ReactNode }) {
  return message ? (
    <p className="field__error" role="alert">
      {message}
    </p>
  ) : null;
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  label: ReactNode;
  hint?: ReactNode;
  onCheckedChange?: (checked: boolean) => void;
}

export function Checkbox({ label, hint, onCheckedChange, className, ...rest }: CheckboxProps) {
  return (
    <label className={cx('checkbox', className)}>
      <input type="checkbox" {...rest} onChange={(event) => onCheckedChange?.(event.target.checked)} />
      <span className="checkbox__text">
        <span className="checkbox__label">{label}</span>
        {hint ? <span className="checkbox__hint">{hint}</span> : null}
      </span>
    </label>
  );
}
