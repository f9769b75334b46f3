/**
 * The redirect rules editor (docs/api.md#redirect-rules): each rule's conditions (a type and its
 * values) and its address, in order; the server's own check names the first problem.
 */
import { RULE_DEVICES, RULE_TYPES, type RuleType } from '../../../../redirector/contract';
import { Button, IconButton } from '../../components/Button';
import { FormAlert } from '../../components/Field';
import { localiseMessage } from '../../i18n/messages';
import { type ConditionRow, MAX_RULE_CONDITIONS, MAX_RULES, newCondition, type RuleRow } from './linkControlForm';
import { linkControlTexts } from './linkControlTexts';
import { rowEditor } from './rowEditor';
import type { LinkFormState } from './useLinkForm';

type Texts = ReturnType<typeof linkControlTexts>['rules'];

export function RulesField({ form }: { form: LinkFormState }) {
  const TEXTS = linkControlTexts().rules;
  const rules = form.values.rules;
  const error = form.errors.rules;
  const { change, remove } = rowEditor(rules, (next: RuleRow[]) => form.set('rules', next));
  const add = () => form.set('rules', [...rules, { url: '', when: [newCondition()] }]);
  return (
    <div className="stack stack--sm" data-testid="rules-editor">
      <p className="field__hint">{TEXTS.hint}</p>
      {rules.map((rule, index) => (
        // Rules have no identity of their own but their place.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <fieldset className="fieldset stack stack--sm" key={index}>
          <legend>{TEXTS.rule(index)}</legend>
          {rule.when.map((condition, at) => (
            <ConditionInputs
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions too
              key={at}
              texts={TEXTS}
              rule={index}
              index={at}
              condition={condition}
              onChange={(next) => change(index, { when: rule.when.map((each, i) => (i === at ? next : each)) })}
              onRemove={() => change(index, { when: rule.when.filter((_, i) => i !== at) })}
            />
          ))}
          <div className="geo-row__inputs">
            <input
              className="input grow"
              type="url"
              aria-label={TEXTS.address(index)}
              placeholder="https://example.com/for-them"
              value={rule.url}
              aria-invalid={error?.startsWith(`rules[${index}]`) ? true : undefined}
              onChange={(event) => change(index, { url: event.target.value })}
            />
            <IconButton icon="x" label={TEXTS.remove(index)} onClick={() => remove(index)} />
          </div>
          <div className="row">
            <Button
              icon="plus"
              size="sm"
              disabled={rule.when.length >= MAX_RULE_CONDITIONS}
              onClick={() => change(index, { when: [...rule.when, newCondition()] })}
            >
              {TEXTS.addCondition}
            </Button>
          </div>
        </fieldset>
      ))}
      <div className="row">
        <Button icon="plus" size="sm" disabled={rules.length >= MAX_RULES} onClick={add}>
          {TEXTS.add}
        </Button>
      </div>
      <FormAlert message={error ? localiseMessage(error) : undefined} />
    </div>
  );
}

interface ConditionProps {
  texts: Texts;
  rule: number;
  index: number;
  condition: ConditionRow;
  onChange: (next: ConditionRow) => void;
  onRemove: () => void;
}

function ConditionInputs({ texts, rule, index, condition, onChange, onRemove }: ConditionProps) {
  const { type } = condition;
  const input = (field: 'value' | 'extra', placeholder?: string) => (
    <input
      className="input grow"
      type={type === 'time' ? 'datetime-local' : 'text'}
      aria-label={texts[field](rule, index)}
      placeholder={placeholder}
      value={condition[field]}
      onChange={(event) => onChange({ ...condition, [field]: event.target.value })}
    />
  );
  return (
    <div className="geo-row__inputs">
      <select
        className="input"
        aria-label={texts.type(rule, index)}
        value={type}
        onChange={(event) => onChange(newCondition(event.target.value as RuleType))}
      >
        {RULE_TYPES.map((each) => (
          <option key={each} value={each}>
            {texts.typeName(each)}
          </option>
        ))}
      </select>
      {type === 'device' ? (
        <select
          className="input grow"
          aria-label={texts.value(rule, index)}
          value={condition.value}
          onChange={(event) => onChange({ ...condition, value: event.target.value })}
        >
          {RULE_DEVICES.map((device) => (
            <option key={device} value={device}>
              {device}
            </option>
          ))}
        </select>
      ) : (
        input('value', type === 'time' ? undefined : texts.placeholder(type))
      )}
      {type === 'query' ? input('extra', texts.placeholder('queryValue')) : null}
      {type === 'time' ? input('extra') : null}
      <IconButton icon="x" label={texts.removeCondition(rule, index)} onClick={onRemove} />
    </div>
  );
}
