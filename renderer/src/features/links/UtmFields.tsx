/**
 * The UTM helper: five inputs that read the target URL's campaign parameters and write them back
 * into it, and a choice of the team's UTM templates (docs/api.md#utm-templates) that writes a
 * template's five at once.
 */
import { useUtmTemplates } from '../../api/utmTemplates';
import { ChoiceOptions } from '../../components/ChoiceOptions';
import { TextField } from '../../components/Field';
import { LinkFormSection } from './LinkFormSection';
import { linkOptionTexts } from './linkOptionTexts';
import type { LinkFormState } from './useLinkForm';
import { readUtm, UTM_FIELDS, withUtm, writeUtm } from './utm';

export function UtmFields({ form }: { form: LinkFormState }) {
  const TEXTS = linkOptionTexts().utm;
  const utm = readUtm(form.values.target_url);
  const used = UTM_FIELDS.filter((name) => utm[name] !== '').length;
  const templates = useUtmTemplates();
  // Opens once the target carries some, typed or pasted there.
  return (
    <LinkFormSection
      title={TEXTS.title}
      state={used > 0 ? TEXTS.used(used) : undefined}
      open={used > 0}
      invalid={false}
    >
      <p className="field__hint">{TEXTS.hint}</p>
      {templates.length > 0 ? (
        <select
          className="input"
          aria-label={TEXTS.template}
          value=""
          onChange={(event) => {
            const chosen = templates.find((template) => String(template.id) === event.target.value);
            if (chosen) form.set('target_url', writeUtm(form.values.target_url, chosen));
          }}
        >
          <ChoiceOptions none={TEXTS.template} choices={templates.map((template) => [template.id, template.name])} />
        </select>
      ) : null}
      <div className="form-grid">
        {UTM_FIELDS.map((name) => (
          <TextField
            key={name}
            label={TEXTS.labels[name]}
            name={name}
            placeholder={TEXTS.placeholders[name]}
            value={utm[name]}
            onValueChange={(value) => form.set('target_url', withUtm(form.values.target_url, name, value))}
            autoComplete="off"
            spellCheck={false}
          />
        ))}
      </div>
    </LinkFormSection>
  );
}
