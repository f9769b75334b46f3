/** A membership's role and restrictions (docs/api.md#roles): the fields of an invitation and of a member's change. */
import { useTranslation } from 'react-i18next';
import { TEAM_ROLES, type TeamRole } from '../../../../redirector/contract/teams';
import type { MembershipFields as Fields } from '../../api/teams';
import { Checkbox, Field, TextField } from '../../components/Field';

/** The domains as typed (comma separated) → the call's list, or null for all. */
export function domainsOf(text: string): string[] | null {
  const hosts = text
    .split(/[\s,]+/)
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  return hosts.length === 0 ? null : hosts;
}

export interface MembershipDraft {
  role: TeamRole;
  ownLinksOnly: boolean;
  /** As typed: host names separated by commas. */
  domains: string;
}

export const draftOf = (fields: Fields): MembershipDraft => ({
  role: fields.role,
  ownLinksOnly: fields.own_links_only,
  domains: (fields.domains ?? []).join(', '),
});

export const fieldsOf = (draft: MembershipDraft): Fields => ({
  role: draft.role,
  own_links_only: draft.ownLinksOnly,
  domains: domainsOf(draft.domains),
});

export function MembershipFields({
  draft,
  onChange,
  idPrefix,
}: {
  draft: MembershipDraft;
  onChange: (draft: MembershipDraft) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('teams.members.role')}>
        {(control) => (
          <select
            {...control}
            name={`${idPrefix}-role`}
            className="input"
            value={draft.role}
            onChange={(event) => onChange({ ...draft, role: event.target.value as TeamRole })}
          >
            {TEAM_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`teams.roles.${role}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        label={t('teams.members.domains')}
        name={`${idPrefix}-domains`}
        hint={t('teams.members.domainsHint')}
        optional
        value={draft.domains}
        onValueChange={(domains) => onChange({ ...draft, domains })}
        autoComplete="off"
      />
      <Checkbox
        className="span-2"
        name={`${idPrefix}-own-links-only`}
        label={t('teams.members.ownLinksOnly')}
        hint={t('teams.members.ownLinksOnlyHint')}
        checked={draft.ownLinksOnly}
        onCheckedChange={(ownLinksOnly) => onChange({ ...draft, ownLinksOnly })}
      />
    </>
  );
}
