/**
 * A form's state for the Field controls: values, field errors from client checks, the failure
 * of the last send, and submitting. A refused submit focuses the first field in error.
 */
import { type FormEvent, useRef, useState } from 'react';

export interface FormOptions<V, F extends keyof V & string> {
  initial: V | (() => V);
  /** Client checks: a message per field in error; empty when the values may be sent. */
  validate: (values: V) => Partial<Record<F, string>>;
  /** The fields in the order the form shows them. */
  fields: readonly F[];
  send: (values: V) => Promise<void>;
  failureText: (error: unknown) => string;
}

export function useForm<V extends object, F extends keyof V & string>(options: FormOptions<V, F>) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  /** Sets one value (or derives the next values) and clears that field's error. */
  const set = <K extends keyof V>(name: K, value: V[K], derive?: (next: V, current: V) => V) => {
    setValues((current) => {
      const next = { ...current, [name]: value };
      return derive ? derive(next, current) : next;
    });
    if (name in errors) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  /** What binds one field control to the form: its name, value, change handler and error (none unchecked). */
  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name],
    onValueChange: (value: V[K]) => set(name, value),
    error: (errors as Partial<Record<string, string>>)[name],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const found = options.validate(values);
    setErrors(found);
    const first = options.fields.find((field) => found[field]);
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await options.send(values);
    } catch (error) {
      setServerError(options.failureText(error));
      setSubmitting(false);
    }
  };

  return { values, errors, serverError, submitting, formRef, set, field, submit };
}
