import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { cx } from './cx';
import { Icon, type IconName } from './Icon';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'danger-outline' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonLookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  icon?: IconName;
}

export function buttonClass({ variant = 'secondary', size = 'md', block = false }: ButtonLookProps = {}): string {
  return cx(
    'btn',
    variant !== 'secondary' && `btn--${variant}`,
    size !== 'md' && `btn--${size}`,
    block && 'btn--block',
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLookProps {
  /** Shows a spinner and disables the button; the label stays (pass the "...ing" label yourself). */
  loading?: boolean;
}

export function Button({
  variant,
  size,
  block,
  icon,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonClass({ variant, size, block }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" decorative /> : icon ? <Icon name={icon} /> : null}
      {children}
    </button>
  );
}

/** A form's primary submit: spinning and saying `busyLabel` while the form is sent. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  ...look
}: ButtonLookProps & { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" variant="primary" loading={busy} {...look}>
      {busy ? busyLabel : label}
    </Button>
  );
}

/** A router link that looks like a button. */
export function ButtonLink({
  variant,
  size,
  block,
  icon,
  className,
  children,
  ...rest
}: LinkProps & ButtonLookProps & { children: ReactNode }) {
  return (
    <Link className={cx(buttonClass({ variant, size, block }), className)} {...rest}>
      {icon ? <Icon name={icon} /> : null}
      {children}
    </Link>
  );
}

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: IconName;
  /** The accessible name (also the tooltip). */
  label: string;
  tone?: 'default' | 'danger' | 'success';
}

/** A square button with only an icon; `label` names it for screen readers and as a tooltip. */
export function IconButton({ icon, label, tone = 'default', className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      className={cx('icon-btn', tone !== 'default' && `icon-btn--${tone}`, className)}
      aria-label={label}
      title={label}
      {...rest}
    >
      <Icon name={icon} />
    </button>
  );
}

/** An external link shown as an icon button (opens in a new tab). */
export function IconLink({
  icon,
  label,
  className,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { icon: IconName; label: string }) {
  return (
    <a className={cx('icon-btn', className)} title={label} target="_blank" rel="noopener noreferrer" {...rest}>
      <Icon name={icon} />
      <span className="visually-hidden">{label}</span>
    </a>
  );
}
