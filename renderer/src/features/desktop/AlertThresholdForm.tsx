/** The tray's notification threshold: clicks per minute above which main shows a notification. */
import { type FormEvent, useState } from 'react';
import { parseAlertThreshold } from '../../../../redirector/contract/desktop';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { ALERT_THRESHOLD_ERROR, alertThresholdSummary } from './desktopTexts';

export interface AlertThresholdFormProps {
  current: number | null;
  onSave(clicksPerMinute: number | null): Promise<unknown>;
}

export function AlertThresholdForm({ current, onSave }: AlertThresholdFormProps) {
  const [typed, setTyped] = useState(current === null ? '' : String(current));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const threshold = parseAlertThreshold(typed);
    if (threshold === undefined) {
      setError(ALERT_THRESHOLD_ERROR);
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
    <form className="form" onSubmit={submit} noValidate aria-label="Click alert">
      <div className="alert-threshold">
        <TextField
          label="Notify me above (clicks per minute)"
          name="clicksPerMinute"
          inputMode="numeric"
          placeholder="No notification"
          value={typed}
          error={error}
          hint="Leave empty for no notification."
          fieldClassName="alert-threshold__field"
          onValueChange={(value) => {
            setTyped(value);
            setError(null);
            setSaved(false);
          }}
        />
        <Button type="submit" loading={busy}>
          Save
        </Button>
      </div>
      {saved ? <Banner tone="success">{alertThresholdSummary(current)}</Banner> : null}
    </form>
  );
}
