/** A membership's role and restrictions (docs/api.md#roles): the fields of an invitation and of a member's change. */
import { useTranslation } from 'react-i18next';
import { TEAM_ROLES, type TeamRole } from '../../../../redirector/contract/teams';
import type { MembershipFields as Fields } from '../../api/teams';
import { Checkbox, TextField } from '../../components/Field';
import { SelectField } from '../../components/SelectField';

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
      <SelectField
        label={t('teams.members.role')}
        name={`${idPrefix}-role`}
        value={draft.role}
        choices={TEAM_ROLES.map((role) => [role, t(`teams.roles.${role}`)])}
        onValueChange={(role) => onChange({ ...draft, role })}
      />
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
