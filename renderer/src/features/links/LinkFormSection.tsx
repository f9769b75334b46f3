/** A folding section of the link form: open from the start when it holds a value, and opened by an error. */
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkFormField, LinkFormValues } from './linkForm';
import type { LinkFormState } from './useLinkForm';

export interface LinkFormSectionProps {
  title: string;
  /** A word beside the title while folded ('set', 'Protected'…). */
  state?: ReactNode;
  /** Opens it (from the start, or when it turns true); only the user folds it. */
  open: boolean;
  /** One of its fields is in error. */
  invalid: boolean;
  children: ReactNode;
}

export function LinkFormSection({ title, state, open, invalid, children }: LinkFormSectionProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  // Set on the element rather than rendered: a rendered `open` would fold the section again
  // whenever it turned false (an error fixed while typing in it).
  useLayoutEffect(() => {
    if (ref.current && open) ref.current.open = true;
  }, [open]);
  useLayoutEffect(() => {
    const section = ref.current;
    if (!section || !invalid) return;
    section.open = true;
    // The refused submit could not focus a field inside a folded section: focus it now, unless an
    // earlier field in error has the focus already.
    if (!document.activeElement?.matches('[aria-invalid="true"]')) {
      section.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [invalid]);
  return (
    <details ref={ref} className="form-section">
      <summary className="form-section__summary">
        <span className="form-section__title">{title}</span>
        {state ? <span className="form-section__state">{state}</span> : null}
      </summary>
      <div className="form-section__body">{children}</div>
    </details>
  );
}

type ListField = 'rules' | 'variants' | 'geo_targets';

/** The section of one list field: its count beside the title, open from the start when the list had items. */
export function ListFormSection(props: {
  title: string;
  form: LinkFormState;
  initial: LinkFormValues;
  field: ListField;
  children: ReactNode;
}) {
  const { title, form, initial, field, children } = props;
  const count = form.values[field].length;
  return (
    <LinkFormSection
      title={title}
      state={count > 0 ? String(count) : undefined}
      open={initial[field].length > 0}
      invalid={Boolean(form.errors[field])}
    >
      {children}
    </LinkFormSection>
  );
}

/** The form's fields typed as text. */
type TextFormField = {
  [K in LinkFormField]: LinkFormValues[K] extends string ? K : never;
}[LinkFormField];

/**
 * The section of some text fields: "set" beside the title while one of `setBy` (default: all of
 * them) holds a value, open from the start when one of them held one, opened by an error in any.
 */
export function TextFieldsSection(props: {
  title: string;
  form: LinkFormState;
  fields: readonly TextFormField[];
  setBy?: readonly TextFormField[];
  children: ReactNode;
}) {
  const { title, form, fields, setBy = fields, children } = props;
  const { t } = useTranslation();
  // The values the form started with: the section mounts with the form.
  const [initial] = useState(form.values);
  return (
    <LinkFormSection
      title={title}
      state={setBy.some((field) => form.values[field].trim() !== '') ? t('linkForm.set') : undefined}
      open={fields.some((field) => initial[field] !== '')}
      invalid={fields.some((field) => Boolean(form.errors[field]))}
    >
      {children}
    </LinkFormSection>
  );
}
