/**
 * The audit log's filters (docs/api.md#audit-log): the date range (its control given by the screen
 * that holds it), who (a user id, key:<id> or admin, checked with the server's rule before any call)
 * and what.
 */
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAuditListQuery } from '../../../../redirector/contract/audit';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { SelectField } from '../../components/SelectField';
import { submitted } from '../../components/submitted';

/** The targets whose every action `?action=` can name (docs/api.md#audit-log's table). */
export const AUDIT_TARGETS = [
  'link',
  'team',
  'invitation',
  'member',
  'key',
  'webhook',
  'domain',
  'hub',
  'import',
  'admin',
] as const;

export interface AuditFiltersBarProps {
  /** The date range's control, drawn by the screen that holds the range (app/AuditScreens.tsx). */
  rangeControl: ReactNode;
  actor: string;
  action: string;
  onActor: (actor: string) => void;
  onAction: (action: string) => void;
}

export function AuditFiltersBar(props: AuditFiltersBarProps) {
  const { t } = useTranslation();
  const [actor, setActor] = useState(props.actor);
  const [error, setError] = useState<string | null>(null);
  const applyActor = () => {
    const parsed = parseAuditListQuery({ actor });
    setError(parsed.ok ? null : parsed.error);
    if (parsed.ok) props.onActor(actor.trim());
  };
  return (
    <div className="stack stack--sm audit__filters">
      {props.rangeControl}
      <form className="row audit__filter-row" noValidate onSubmit={submitted(applyActor)}>
        <TextField
          label={t('audit.filters.actor')}
          hint={t('audit.filters.actorHint')}
          error={error}
          value={actor}
          onValueChange={setActor}
          placeholder="admin"
        />
        <Button type="submit" size="sm">
          {t('audit.filters.apply')}
        </Button>
        <SelectField
          label={t('audit.filters.action')}
          value={props.action}
          none={t('audit.filters.anyAction')}
          choices={AUDIT_TARGETS.map((target) => [target, t(`audit.targets.${target}`)])}
          onValueChange={props.onAction}
        />
      </form>
    </div>
  );
}
