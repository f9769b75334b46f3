/**
 * The team the dashboard acts in (docs/api.md#teams-in-the-ui): the user's teams, loaded once
 * signed in, and the one chosen in the header, remembered in this browser per account
 * (localStorage `chosenTeam:<user id>`). Every call of the dashboard's screens sends it as X-Team
 * (api/client.ts); the personal team is sent as nothing, which means the same.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { Team } from '../../../../redirector/contract/teams';
import { guardUnauthorized, useApi } from '../../api/ApiProvider';
import { teamCalls } from '../../api/teams';
import { useLoad } from '../../api/useLoad';
import { readChosenTeam, writeChosenTeam } from '../../session/chosenTeam';

export interface TeamChoice {
  /** The user's teams, personal first; empty until loaded or when the list failed. */
  teams: Team[];
  /** The team acted in: the chosen one, else the personal one (null until the list came). */
  chosen: Team | null;
  /** Whether the first list is still on its way. */
  loading: boolean;
  choose: (teamId: number) => void;
  reload: () => void;
}

/** The teams of the signed-in user `token`/`userId`, and the choice among them. */
export function useTeamChoice(token: string, userId: number, onUnauthorized: () => void): TeamChoice {
  const api = useApi();
  const calls = useMemo(
    () => guardUnauthorized(teamCalls(api.http, { token }), onUnauthorized),
    [api, token, onUnauthorized],
  );
  const list = useLoad((signal) => calls.list(signal), [calls]);
  const [chosenId, setChosenId] = useState<number | null>(() => readChosenTeam(userId));
  const teams = list.data ?? [];
  const chosen = teams.find((team) => team.id === chosenId) ?? teams.find((team) => team.personal) ?? null;
  const choose = useCallback(
    (teamId: number) => {
      writeChosenTeam(userId, teamId);
      setChosenId(teamId);
    },
    [userId],
  );
  return { teams, chosen, loading: list.loading && list.data === undefined, choose, reload: list.reload };
}

const TeamContext = createContext<TeamChoice | null>(null);

export function TeamProvider({ choice, children }: { choice: TeamChoice; children: ReactNode }) {
  return <TeamContext.Provider value={choice}>{children}</TeamContext.Provider>;
}

/** The team choice of the dashboard; outside one (the admin screens), none. */
export function useTeamChoiceContext(): TeamChoice | null {
  return useContext(TeamContext);
}

/**
 * What the caller may do in the chosen team (docs/api.md#roles); everything outside a team choice.
 * `shared`: the chosen shared team's id, name and slug (its hub's handle), null in the personal team.
 */
export function useTeamPermissions() {
  const chosen = useContext(TeamContext)?.chosen ?? null;
  const role = chosen?.role ?? 'owner';
  const personal = chosen?.personal ?? true;
  const shared =
    chosen && !chosen.personal && chosen.slug ? { id: chosen.id, name: chosen.name, slug: chosen.slug } : null;
  return {
    changesLinks: role !== 'viewer',
    changesHub: role !== 'viewer',
    manages: role === 'owner',
    personal,
    role,
    shared,
  };
}

/**
 * The teams other than the chosen one in which the user may change links (owner or editor): where
 * the list's bulk "Move to team…" may send links (docs/api.md#moving-links-to-another-team).
 */
export function useMoveTargets(): Team[] {
  const choice = useContext(TeamContext);
  const chosenId = choice?.chosen?.id;
  if (chosenId === undefined) return [];
  return choice!.teams.filter((team) => team.id !== chosenId && team.role !== 'viewer');
}

/** The X-Team value for the chosen team: nothing for the personal team. */
export function teamHeaderOf(chosen: Team | null): string | undefined {
  return chosen && !chosen.personal ? String(chosen.id) : undefined;
}
