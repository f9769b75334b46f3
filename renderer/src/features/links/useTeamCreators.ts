/**
 * Whose links the dashboard's list may show apart (docs/api.md#teams-in-the-ui): in a shared team,
 * its members (`GET /api/teams/members`, which every member may read, viewers too); if that call
 * fails, the distinct creators of the links shown. In the personal team every link is the user's,
 * so there is no "Created by" column or filter: undefined.
 */
import type { Link, LinkAuthor } from '../../../../redirector/contract';
import { useTeamCalls } from '../../api/teams';
import { useLoad } from '../../api/useLoad';

/** Each creator of `links` once (the administrator, who has no id to filter by, left out), by name. */
export function distinctCreators(links: readonly Link[]): LinkAuthor[] {
  const byId = new Map<number, LinkAuthor>();
  for (const link of links)
    if (link.created_by && !byId.has(link.created_by.id)) byId.set(link.created_by.id, link.created_by);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The members of shared team `team` (empty while they load); undefined without a team. */
export function useTeamCreators(
  team: number | undefined,
  shownLinks: readonly Link[] | null,
): readonly LinkAuthor[] | undefined {
  const teamId = team ?? null;
  const calls = useTeamCalls();
  const members = useLoad(
    async (signal) => (teamId === null ? null : (await calls.members(teamId, signal)).members),
    [calls, teamId],
  );
  if (teamId === null) return undefined;
  if (members.error) return distinctCreators(shownLinks ?? []);
  return (members.data ?? []).map((member) => ({ id: member.user.id, name: member.user.name }));
}
