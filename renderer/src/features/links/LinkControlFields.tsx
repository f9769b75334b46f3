/**
 * The sections of the one link form that keep a link under control (docs/api.md#schedule-and-switch,
 * #redirect-rules): its start, its switch, its archive mark and notes, and its redirect rules.
 */
import { useState } from 'react';
import { cx } from '../../components/cx';
import { Checkbox, Field, TextField } from '../../components/Field';
import { localiseMessage } from '../../i18n/messages';
import { LinkFormSection, ListFormSection } from './LinkFormSection';
import { linkControlTexts } from './linkControlTexts';
import { RulesField } from './RulesField';
import type { LinkFormState } from './useLinkForm';

export function LinkControlFields({ form }: { form: LinkFormState }) {
  const TEXTS = linkControlTexts();
  const { values, errors } = form;
  const [initial] = useState(values);
  const controlled = !values.enabled || values.archived || values.starts_at !== '' || values.notes.trim() !== '';
  const controlledAtStart = !initial.enabled || initial.archived || initial.starts_at !== '' || initial.notes !== '';
  return (
    <>
      <LinkFormSection
        title={TEXTS.control.title}
        state={!values.enabled ? TEXTS.control.off : values.starts_at !== '' ? TEXTS.control.scheduled : undefined}
        open={controlledAtStart || controlled}
        invalid={Boolean(errors.starts_at || errors.notes)}
      >
        <div className="stack stack--sm">
          <TextField
            label={TEXTS.control.startsAt}
            hint={TEXTS.control.startsAtHint}
            type="datetime-local"
            optional
            name="starts_at"
            value={values.starts_at}
            onValueChange={(value) => form.set('starts_at', value)}
            error={errors.starts_at ? localiseMessage(errors.starts_at) : undefined}
          />
          {(['enabled', 'archived'] as const).map((flag) => (
            <div key={flag} className={cx('option', values[flag] && 'option--on')}>
              <Checkbox
                label={TEXTS.control[flag].label}
                hint={TEXTS.control[flag].hint}
                checked={values[flag]}
                onCheckedChange={(checked) => form.set(flag, checked)}
              />
            </div>
          ))}
          <Field label={TEXTS.control.notes} hint={TEXTS.control.notesHint} optional error={errors.notes}>
            {(control) => (
              <textarea
                {...control}
                name="notes"
                className="input"
                rows={3}
                value={values.notes}
                onChange={(event) => form.set('notes', event.target.value)}
              />
            )}
          </Field>
        </div>
      </LinkFormSection>
      <ListFormSection title={TEXTS.rules.title} form={form} initial={initial} field="rules">
        <RulesField form={form} />
      </ListFormSection>
    </>
  );
}
