/** Split traffic: rows of an address and its share, their sum shown as typed (docs/api.md#split-traffic). */
import { Button, IconButton } from '../../components/Button';
import { cx } from '../../components/cx';
import { FormAlert } from '../../components/Field';
import { localiseMessage } from '../../i18n/messages';
import { conversionTexts } from './conversionTexts';
import { MAX_VARIANTS, type VariantRow, variantRowProblems, weightSum } from './linkConversionForm';
import { rowEditor } from './rowEditor';
import type { LinkFormState } from './useLinkForm';

export function SplitTrafficField({ form }: { form: LinkFormState }) {
  const TEXTS = conversionTexts().split;
  const rows = form.values.variants;
  const error = form.errors.variants;
  const problems = error ? variantRowProblems(rows) : [];
  const firstProblem = problems.findIndex((problem) => problem !== undefined);
  const sum = weightSum(rows);
  const { change, remove } = rowEditor(rows, (next: VariantRow[]) => form.set('variants', next));
  // A first row starts from the target, so two rows split it with one other address.
  const add = () =>
    form.set(
      'variants',
      rows.length === 0
        ? [
            { url: form.values.target_url.trim(), weight: '50' },
            { url: '', weight: '50' },
          ]
        : [...rows, { url: '', weight: '' }],
    );
  return (
    <div className="stack stack--sm">
      <p className="field__hint">{TEXTS.hint}</p>
      {rows.map((row, index) => (
        // Rows have no identity of their own but their place.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div className="geo-row__inputs" key={index}>
          <input
            className={cx('input', 'grow')}
            type="url"
            aria-label={TEXTS.address(index)}
            name={index === (firstProblem === -1 ? 0 : firstProblem) && error ? 'variants' : undefined}
            aria-invalid={error && (firstProblem === -1 || firstProblem === index) ? true : undefined}
            placeholder={TEXTS.placeholder}
            value={row.url}
            onChange={(event) => change(index, { url: event.target.value })}
          />
          <input
            className="input split-row__weight"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            aria-label={TEXTS.weight(index)}
            value={row.weight}
            onChange={(event) => change(index, { weight: event.target.value })}
          />
          <IconButton icon="x" label={TEXTS.remove(index)} onClick={() => remove(index)} />
        </div>
      ))}
      <div className="row">
        <Button icon="plus" size="sm" disabled={rows.length >= MAX_VARIANTS} onClick={add}>
          {TEXTS.add}
        </Button>
        {rows.length > 0 ? (
          <output className={cx('field__hint', sum !== 100 && 'split-sum--off')} aria-live="polite">
            {sum === 100 ? TEXTS.sumGood : TEXTS.sum(sum)}
          </output>
        ) : null}
        {rows.length >= MAX_VARIANTS ? <span className="field__hint">{TEXTS.full}</span> : null}
      </div>
      <FormAlert message={error ? localiseMessage(error) : undefined} />
    </div>
  );
}
