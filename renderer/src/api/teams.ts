/**
 * Teams (docs/api.md#teams): the caller's teams, one team's members and invitations, joining. The
 * team a call acts on goes in `?team=` (or `?id=`), so these calls name it whatever team the
 * switcher has chosen for the other screens.
 */
import type {
  AdminTeamsResponse,
  InvitationPeekResponse,
  InvitationResponse,
  JoinResponse,
  Team,
  TeamMembersResponse,
  TeamRole,
  TeamsResponse,
} from '../../../redirector/contract/teams';
import { useCalls } from './ApiProvider';
import type { Credential, HttpClient } from './client';

export interface MembershipFields {
  role: TeamRole;
  own_links_only: boolean;
  domains: string[] | null;
}

/** The user's own credential, without the chosen team: these calls name their team themselves. */
const own = (credential: Credential): Credential => ('token' in credential ? { token: credential.token } : credential);

export function teamCalls(http: HttpClient, credential: Credential) {
  const as = own(credential);
  return {
    async list(signal?: AbortSignal): Promise<Team[]> {
      return (await http.request<TeamsResponse>('/api/teams', { credential: as, signal })).teams;
    },
    async create(name: string, slug?: string): Promise<Team> {
      const body = slug ? { name, slug } : { name };
      return (await http.request<{ team: Team }>('/api/teams', { credential: as, method: 'POST', body })).team;
    },
    async rename(id: number, name: string, slug: string): Promise<Team> {
      const options = { credential: as, method: 'PUT' as const, query: { id }, body: { name, slug } };
      return (await http.request<{ team: Team }>('/api/teams', options)).team;
    },
    remove: (id: number, confirm: string) =>
      http.request<void>('/api/teams', { credential: as, method: 'DELETE', query: { id }, body: { confirm } }),
    members: (team: number, signal?: AbortSignal) =>
      http.request<TeamMembersResponse>('/api/teams/members', { credential: as, query: { team }, signal }),
    changeMember: (team: number, user: number, fields: MembershipFields) =>
      http.request<TeamMembersResponse>('/api/teams/members', {
        credential: as,
        method: 'PUT',
        query: { team, user },
        body: fields,
      }),
    removeMember: (team: number, user: number) =>
      http.request<void>('/api/teams/members', { credential: as, method: 'DELETE', query: { team, user } }),
    invite: (team: number, email: string, fields: MembershipFields) =>
      http.request<InvitationResponse>('/api/teams/invite', {
        credential: as,
        method: 'POST',
        query: { team },
        body: { email, ...fields },
      }),
    cancelInvitation: (team: number, id: number) =>
      http.request<void>('/api/teams/invite', { credential: as, method: 'DELETE', query: { team, id } }),
    join: (token: string) =>
      http.request<JoinResponse>('/api/teams/join', { credential: as, method: 'POST', body: { token } }),
  };
}

export type TeamCalls = ReturnType<typeof teamCalls>;

export function useTeamCalls(): TeamCalls {
  return useCalls(teamCalls);
}

/** What an invitation offers, asked with no credential: the team's name and the role (docs/api.md#joining-a-team). */
export function invitationPeek(http: HttpClient, token: string, signal?: AbortSignal) {
  return http.request<InvitationPeekResponse>('/api/teams/invitation', { method: 'POST', body: { token }, signal });
}

/** Signed out: an account for the invitation's email, joined and signed in (docs/api.md#joining-a-team). */
export function joinAsNewAccount(http: HttpClient, fields: { token: string; name: string; password: string }) {
  return http.request<JoinResponse>('/api/teams/join', { method: 'POST', body: fields });
}

/** The administrator's list of every shared team (docs/api.md#teams-for-the-administrator). */
export function adminTeamCalls(http: HttpClient, credential: Credential) {
  return {
    list: (signal?: AbortSignal) => http.request<AdminTeamsResponse>('/api/teams/all', { credential, signal }),
  };
}

export function useAdminTeamCalls() {
  return useCalls(adminTeamCalls);
}
