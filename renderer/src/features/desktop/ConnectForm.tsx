/**
 * The address and admin key, checked in the page (checkServer): on success main keeps the session
 * token and the server becomes the active one; on failure the check's message says what is wrong.
 */
import { useTranslation } from 'react-i18next';
import { checkServer } from '../../../../redirector/contract/desktopConnect';
import { Banner } from '../../components/Banner';
import { SubmitButton } from '../../components/Button';
import { PasswordField, TextField, useAdminKeyReveal } from '../../components/Field';
import { useForm } from '../../components/useForm';
import { addressError, addressWarning, connectFailureText } from './desktopTexts';

interface ConnectValues {
  address: string;
  adminKey: string;
}

/** A failed check, carrying the message for the admin. */
class ConnectFailure extends Error {}

export interface ConnectFormProps {
  initialAddress: string;
  /** After a good check: remember the server and its token, then leave the screen. */
  onConnected(connected: { baseUrl: string; publicUrl: string; token: string }): Promise<void>;
}

export function ConnectForm({ initialAddress, onConnected }: ConnectFormProps) {
  const { t } = useTranslation();
  const form = useForm<ConnectValues, keyof ConnectValues>({
    initial: { address: initialAddress, adminKey: '' },
    fields: ['address', 'adminKey'],
    validate: (values) => ({
      address: addressError(values.address),
      adminKey: values.adminKey === '' ? t('desktop.form.keyMissing') : undefined,
    }),
    async send(values) {
      const result = await checkServer(values.address, values.adminKey);
      if (!result.ok) throw new ConnectFailure(connectFailureText(result, values.address));
      await onConnected(result);
    },
    failureText: (error) => (error instanceof Error ? error.message : String(error)),
  });
  const warning = addressWarning(form.values.address);
  const adminKeyReveal = useAdminKeyReveal();

  return (
    <form ref={form.formRef} className="form" onSubmit={form.submit} noValidate aria-label={t('desktop.form.connect')}>
      <TextField
        label={t('desktop.form.address')}
        name="address"
        autoComplete="url"
        spellCheck={false}
        required
        value={form.values.address}
        error={form.errors.address}
        hint={t('desktop.form.addressHint')}
        onValueChange={(value) => form.set('address', value)}
      />
      {warning ? <Banner tone="warning">{warning}</Banner> : null}
      <PasswordField
        label={t('desktop.form.adminKey')}
        name="adminKey"
        autoComplete="current-password"
        autoFocus
        required
        revealLabels={adminKeyReveal}
        value={form.values.adminKey}
        error={form.errors.adminKey}
        onValueChange={(value) => form.set('adminKey', value)}
      />
      {form.serverError ? <Banner tone="error">{form.serverError}</Banner> : null}
      <SubmitButton
        block
        size="lg"
        busy={form.submitting}
        label={t('desktop.form.connect')}
        busyLabel={t('desktop.form.connecting')}
      />
    </form>
  );
}
