/** The link form's state: values, field errors, the failure of the last save, and submitting. */
import { type FormEvent, useRef, useState } from 'react';
import {
  DEFAULT_COUNTRY_REDIRECT_URL,
  LINK_FORM_FIELDS,
  type LinkFormErrors,
  type LinkFormValues,
  validateLinkForm,
} from './linkForm';
import type { LinkFormTexts } from './linkFormTexts';

export interface LinkFormOptions {
  initial: () => LinkFormValues;
  editing: boolean;
  texts: LinkFormTexts;
  /** Sends the body; a rejection is shown through `failureText`. */
  onSubmit: (values: LinkFormValues) => Promise<void>;
  failureText: (error: unknown) => string;
}

export function useLinkForm({ initial, editing, texts, onSubmit, failureText }: LinkFormOptions) {
  const [values, setValues] = useState<LinkFormValues>(initial);
  const [errors, setErrors] = useState<LinkFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof LinkFormValues>(name: K, value: LinkFormValues[K]) => {
    setValues((current) => {
      const next = { ...current, [name]: value };
      // Switching the country redirect on with no address offers the default one.
      if (name === 'enable_country_redirect' && value === true && current.country_redirect_url.trim() === '') {
        next.country_redirect_url = DEFAULT_COUNTRY_REDIRECT_URL;
      }
      return next;
    });
    if (name in errors) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const found = validateLinkForm(values, editing, texts);
    setErrors(found);
    const first = LINK_FORM_FIELDS.find((field) => found[field]);
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(values);
    } catch (error) {
      setServerError(failureText(error));
      setSubmitting(false);
    }
  };

  return { values, errors, serverError, submitting, editing, formRef, set, submit };
}

export type LinkFormState = ReturnType<typeof useLinkForm>;
