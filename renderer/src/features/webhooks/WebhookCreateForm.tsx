/** A new webhook: its destination, what it is for, and the events it hears (link.clicked chosen first). */

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookEvent } from '../../../../redirector/contract/webhooks';
import type { WebhookInput } from '../../api/webhooks';
import { SubmitButton } from '../../components/Button';
import { Checkbox, FormAlert, TextField } from '../../components/Field';
import { eventChoices } from './webhooksTexts';

export function WebhookCreateForm({
  busy,
  onCreate,
}: {
  busy: boolean;
  onCreate: (input: WebhookInput) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['link.clicked']);
  const [eventsError, setEventsError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) {
      setEventsError(t('webhooks.eventsNeeded'));
      return;
    }
    if (await onCreate({ url: url.trim(), events, description: description.trim() })) {
      setUrl('');
      setDescription('');
    }
  };
  const toggle = (name: WebhookEvent, on: boolean) => {
    setEventsError(null);
    setEvents((list) => (on ? [...list, name] : list.filter((item) => item !== name)));
  };

  return (
    <form className="stack" noValidate onSubmit={submit} aria-label={t('webhooks.create')}>
      <TextField
        label={t('webhooks.urlLabel')}
        name="webhook-url"
        type="url"
        placeholder={t('webhooks.urlPlaceholder')}
        value={url}
        onValueChange={setUrl}
        autoComplete="off"
        required
      />
      <TextField
        label={t('webhooks.descriptionLabel')}
        name="webhook-description"
        value={description}
        onValueChange={setDescription}
        optional
        autoComplete="off"
      />
      <fieldset className="webhooks__events">
        <legend className="field__label">{t('webhooks.eventsLabel')}</legend>
        {eventChoices().map((choice) => (
          <Checkbox
            key={choice.event}
            label={choice.label}
            hint={choice.event}
            checked={events.includes(choice.event)}
            onCheckedChange={(on) => toggle(choice.event, on)}
          />
        ))}
        <FormAlert message={eventsError} />
      </fieldset>
      <div className="row">
        <SubmitButton icon="plus" busy={busy} label={t('webhooks.create')} busyLabel={t('webhooks.creating')} />
      </div>
    </form>
  );
}
