/** The tray's notification threshold: clicks per minute above which main shows a notification. */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAlertThreshold } from '../../../../redirector/contract/desktop';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { alertThresholdError, alertThresholdSummary } from './desktopTexts';

export interface AlertThresholdFormProps {
  current: number | null;
  onSave(clicksPerMinute: number | null): Promise<unknown>;
}

export function AlertThresholdForm({ current, onSave }: AlertThresholdFormProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(current === null ? '' : String(current));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const threshold = parseAlertThreshold(typed);
    if (threshold === undefined) {
      setError(alertThresholdError());
      return;
    }
    setBusy(true);
    try {
      await onSave(threshold);
      setTyped(threshold === null ? '' : String(threshold));
      setSaved(true);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('desktop.alert.title')}>
      <div className="alert-threshold">
        <TextField
          label={t('desktop.alert.label')}
          name="clicksPerMinute"
          inputMode="numeric"
          placeholder={t('desktop.alert.placeholder')}
          value={typed}
          error={error}
          hint={t('desktop.alert.hint')}
          fieldClassName="alert-threshold__field"
          onValueChange={(value) => {
            setTyped(value);
            setError(null);
            setSaved(false);
          }}
        />
        <Button type="submit" loading={busy}>
          {t('common.save')}
        </Button>
      </div>
      {saved ? <Banner tone="success">{alertThresholdSummary(current)}</Banner> : null}
    </form>
  );
}
