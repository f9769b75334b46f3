/** The link form's state: the shared form state, with the link form's own checks and defaults. */
import { useForm } from '../../components/useForm';
import { DEFAULT_COUNTRY_REDIRECT_URL, LINK_FORM_FIELDS, type LinkFormValues, validateLinkForm } from './linkForm';
import type { LinkFormTexts } from './linkFormTexts';

export interface LinkFormOptions {
  initial: () => LinkFormValues;
  editing: boolean;
  texts: LinkFormTexts;
  /** Sends the body; a rejection is shown through `failureText`. */
  onSubmit: (values: LinkFormValues) => Promise<void>;
  failureText: (error: unknown) => string;
}

// Switching the country redirect on with no address offers the default one.
const offerDefaultRedirect = (next: LinkFormValues, current: LinkFormValues): LinkFormValues =>
  next.enable_country_redirect && current.country_redirect_url.trim() === ''
    ? { ...next, country_redirect_url: DEFAULT_COUNTRY_REDIRECT_URL }
    : next;

export function useLinkForm({ initial, editing, texts, onSubmit, failureText }: LinkFormOptions) {
  const form = useForm({
    initial,
    validate: (values: LinkFormValues) => validateLinkForm(values, editing, texts),
    fields: LINK_FORM_FIELDS,
    send: onSubmit,
    failureText,
  });
  const set = <K extends keyof LinkFormValues>(name: K, value: LinkFormValues[K]) =>
    form.set(name, value, name === 'enable_country_redirect' ? offerDefaultRedirect : undefined);
  return { ...form, set, editing };
}

export type LinkFormState = ReturnType<typeof useLinkForm>;
