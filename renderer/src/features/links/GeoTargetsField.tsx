/** Country targets: rows of a country and the address its visitors go to, added and removed freely. */
import { useMemo } from 'react';
import { MAX_GEO_TARGETS } from '../../../../redirector/contract';
import { Button, IconButton } from '../../components/Button';
import { ChoiceOptions } from '../../components/ChoiceOptions';
import { cx } from '../../components/cx';
import { countryChoices } from '../../format/countries';
import { localiseMessage } from '../../i18n/messages';
import { type GeoTargetRow, geoRowProblems } from './linkOptions';
import { linkOptionTexts } from './linkOptionTexts';
import { rowEditor } from './rowEditor';
import type { LinkFormState } from './useLinkForm';

export function GeoTargetsField({ form }: { form: LinkFormState }) {
  const TEXTS = linkOptionTexts().geo;
  const rows = form.values.geo_targets;
  const choices = useMemo(countryChoices, []);
  // Rows show their own problems once a save was refused for one of them.
  const problems = form.errors.geo_targets ? geoRowProblems(rows) : [];
  // The form focuses the first field in error by its name: the first row in error carries the field's name.
  const firstProblem = problems.findIndex((problem) => problem !== undefined);
  const { change, remove } = rowEditor(rows, (next: GeoTargetRow[]) => form.set('geo_targets', next));
  return (
    <div className="stack stack--sm">
      <p className="field__hint">{TEXTS.hint}</p>
      {rows.map((row, index) => {
        const problem = problems[index];
        const name = index === firstProblem ? 'geo_targets' : undefined;
        return (
          // Rows have no identity of their own but their place; removing one re-renders those below it.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div className="stack stack--xs" key={index}>
            <div className="geo-row__inputs">
              <select
                className="input geo-row__country"
                aria-label={TEXTS.country(index)}
                name={name && row.country === '' ? name : undefined}
                aria-invalid={problem && row.country === '' ? true : undefined}
                value={row.country}
                onChange={(event) => change(index, { country: event.target.value })}
              >
                <ChoiceOptions none={TEXTS.choose} choices={choices.map((choice) => [choice.code, choice.name])} />
              </select>
              <input
                className={cx('input', 'grow')}
                type="url"
                aria-label={TEXTS.address(index)}
                name={name && row.country !== '' ? name : undefined}
                aria-invalid={problem && row.country !== '' ? true : undefined}
                placeholder={TEXTS.placeholder}
                value={row.url}
                onChange={(event) => change(index, { url: event.target.value })}
              />
              <IconButton icon="x" label={TEXTS.remove(index)} onClick={() => remove(index)} />
            </div>
            {problem ? <p className="field__error">{localiseMessage(problem)}</p> : null}
          </div>
        );
      })}
      <div className="row">
        <Button
          icon="plus"
          size="sm"
          disabled={rows.length >= MAX_GEO_TARGETS}
          onClick={() => form.set('geo_targets', [...rows, { country: '', url: '' }])}
        >
          {TEXTS.add}
        </Button>
        {rows.length >= MAX_GEO_TARGETS ? <span className="field__hint">{TEXTS.full}</span> : null}
      </div>
      {form.errors.geo_targets && firstProblem === -1 ? (
        <p className="field__error">{localiseMessage(form.errors.geo_targets)}</p>
      ) : null}
    </div>
  );
}
