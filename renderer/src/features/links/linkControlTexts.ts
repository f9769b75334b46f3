/**
 * The words of the schedule and redirect rules sections: the same on the admin pages and in the
 * user dialog, read in the language in use when called (catalogue: `linkForm`).
 */
import type { RuleType } from '../../../../redirector/contract';
import { i18next } from '../../i18n';
import { MAX_NOTES, MAX_RULE_CONDITIONS, MAX_RULES } from './linkControlForm';

export function linkControlTexts() {
  const t = i18next.t;
  const at = (rule: number, condition = 0) => ({ n: rule + 1, c: condition + 1 });
  return {
    control: {
      title: t('linkForm.control.title'),
      startsAt: t('linkForm.control.startsAt'),
      startsAtHint: t('linkForm.control.startsAtHint'),
      enabled: { label: t('linkForm.control.enabled'), hint: t('linkForm.control.enabledHint') },
      archived: { label: t('linkForm.control.archived'), hint: t('linkForm.control.archivedHint') },
      notes: t('linkForm.control.notes'),
      notesHint: t('linkForm.control.notesHint', { max: MAX_NOTES }),
      off: t('linkForm.control.off'),
      scheduled: t('linkForm.control.scheduled'),
    },
    rules: {
      title: t('linkForm.rules.title'),
      hint: t('linkForm.rules.hint', { rules: MAX_RULES, conditions: MAX_RULE_CONDITIONS }),
      rule: (rule: number) => t('linkForm.rules.rule', at(rule)),
      address: (rule: number) => t('linkForm.rules.address', at(rule)),
      remove: (rule: number) => t('linkForm.rules.remove', at(rule)),
      add: t('linkForm.rules.add'),
      addCondition: t('linkForm.rules.addCondition'),
      removeCondition: (rule: number, condition: number) => t('linkForm.rules.removeCondition', at(rule, condition)),
      type: (rule: number, condition: number) => t('linkForm.rules.type', at(rule, condition)),
      value: (rule: number, condition: number) => t('linkForm.rules.value', at(rule, condition)),
      extra: (rule: number, condition: number) => t('linkForm.rules.extra', at(rule, condition)),
      typeName: (type: RuleType) => t(`linkForm.rules.types.${type}`),
      placeholder: (name: 'language' | 'query' | 'queryValue' | 'ip' | 'country') =>
        t(`linkForm.rules.placeholders.${name}`),
    },
  };
}
