/** Teams in the OpenAPI description (docs/api.md#teams). */
import {
  type AdminTeam,
  type AdminTeamsResponse,
  type InvitationPeekResponse,
  type InvitationResponse,
  type JoinResponse,
  MAX_TEAM_NAME_LENGTH,
  TEAM_ROLES,
  type Team,
  type TeamInvitation,
  type TeamMember,
  type TeamMembersResponse,
  type TeamsResponse,
} from '../../contract/teams';
import { apiCall, type CallDescription, deleted, query } from './operations';
import { arrayOf, boolean, closedObject, dateTime, id, integer, nullable, ref, type Schema, text } from './schema';

/** A signed-in user's call on a team: 403 their role does not allow it, 404 no such team or member, 409 a team's rule. */
const teamCall = (call: Omit<CallDescription, 'access' | 'errors'>) =>
  apiCall({ ...call, access: 'user', errors: [403, 404, 409] });

const role: Schema = { enum: [...TEAM_ROLES] };
const domains: Schema = nullable(arrayOf(text(), 'Host names; null: all of the team’s'));
const slug: Schema = { type: 'string', pattern: '^[a-z0-9-]{3,40}$' };
const teamRef = query('team', { type: 'string', pattern: '^[A-Za-z0-9-]{1,40}$' }, 'The team: its id or slug', true);
const teamId = query('id', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'The team’s id', true);
const memberId = query('user', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'The member’s user id', true);
const invitationId = query('id', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'The invitation’s id', true);
const teamAnswer: Schema = closedObject<{ team: Team }>({ team: ref('Team') });
const membershipProperties: Record<string, Schema> = { role, own_links_only: boolean, domains };
const membership: Schema = { type: 'object', properties: membershipProperties, required: ['role'] };

export const teamComponentSchemas: Record<string, Schema> = {
  Team: closedObject<Team>({
    id,
    name: text(),
    slug: nullable(slug),
    personal: boolean,
    role,
    members: integer(),
    links: integer(),
  }),
  TeamsResponse: closedObject<TeamsResponse>({ teams: arrayOf(ref('Team')) }),
  TeamMember: closedObject<TeamMember>({
    user: closedObject<TeamMember['user']>({ id, name: text(), email: text() }),
    role,
    own_links_only: boolean,
    domains,
    joined_at: dateTime,
  }),
  TeamInvitation: closedObject<TeamInvitation>({ id, email: text(), role, expires_at: dateTime }),
  TeamMembersResponse: closedObject<TeamMembersResponse>({
    members: arrayOf(ref('TeamMember')),
    invitations: arrayOf(ref('TeamInvitation'), 'Open invitations (owners only; others see none)'),
  }),
  InvitationResponse: closedObject<InvitationResponse>({
    url: text('PUBLIC_URL/join/<token>: the token is shown only here'),
    expires_at: dateTime,
  }),
  AdminTeam: closedObject<AdminTeam>({
    id,
    name: text(),
    slug,
    members: integer(),
    links: integer(),
    owners: arrayOf(text()),
    created_at: dateTime,
  }),
  AdminTeamsResponse: closedObject<AdminTeamsResponse>({ teams: arrayOf(ref('AdminTeam')) }),
  InvitationPeekResponse: closedObject<InvitationPeekResponse>({
    team: closedObject<InvitationPeekResponse['team']>({ name: text() }),
    role,
    email: text('The address invited: an account made on the join page gets it'),
    expires_at: dateTime,
  }),
  JoinResponse: closedObject<JoinResponse>(
    {
      team: ref('Team'),
      token: text('Signed out: the new account’s session token'),
      user: closedObject<NonNullable<JoinResponse['user']>>({ id, name: text(), email: text() }),
    },
    ['token', 'user'],
  ),
};

const teamFields: Schema = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1, maxLength: MAX_TEAM_NAME_LENGTH }, slug },
  required: ['name'],
};

export const teamPaths: Record<string, Schema> = {
  '/api/teams': {
    get: apiCall({ summary: "The caller's teams", access: 'user', answers: { 200: ref('TeamsResponse') } }),
    post: apiCall({
      summary: 'Create a team (the caller is its owner)',
      access: 'user',
      body: { json: teamFields },
      answers: { 201: teamAnswer },
      errors: [403, 409],
    }),
    put: teamCall({
      summary: 'Rename a team (owners)',
      parameters: [teamId],
      body: { json: teamFields },
      answers: { 200: teamAnswer },
    }),
    delete: teamCall({
      summary: 'Delete a team and everything it owns (owners, or the administrator; confirm with its slug)',
      parameters: [teamId],
      body: { json: { type: 'object', properties: { confirm: slug }, required: ['confirm'] } },
      answers: { 204: deleted },
    }),
  },
  '/api/teams/members': {
    get: apiCall({
      summary: "A team's members and open invitations (members, or the administrator)",
      access: 'user',
      parameters: [teamRef],
      answers: { 200: ref('TeamMembersResponse') },
      errors: [404],
    }),
    put: teamCall({
      summary: "Change a member's role and restrictions (owners, or the administrator)",
      parameters: [teamRef, memberId],
      body: { json: membership },
      answers: { 200: ref('TeamMembersResponse') },
    }),
    delete: teamCall({
      summary: 'Remove a member (owners), or leave (a member themselves)',
      parameters: [teamRef, memberId],
      answers: { 204: { description: 'Removed' } },
    }),
  },
  '/api/teams/invite': {
    post: teamCall({
      summary: 'Invite someone by link (owners): 7 days, single use',
      parameters: [teamRef],
      body: {
        json: { type: 'object', properties: { ...membershipProperties, email: text() }, required: ['email', 'role'] },
      },
      answers: { 200: ref('InvitationResponse') },
    }),
    delete: teamCall({
      summary: 'Cancel an open invitation (owners): its link no longer lets anyone in',
      parameters: [teamRef, invitationId],
      answers: { 204: { description: 'Cancelled' } },
    }),
  },
  '/api/teams/all': {
    get: apiCall({
      summary: 'Every shared team, newest first (the administrator)',
      access: 'admin',
      answers: { 200: ref('AdminTeamsResponse') },
    }),
  },
  '/api/teams/invitation': {
    post: apiCall({
      summary: 'What an invitation offers, for the join page: the team’s name and the role (no credential)',
      access: 'none',
      body: { json: { type: 'object', properties: { token: text() }, required: ['token'] } },
      answers: { 200: ref('InvitationPeekResponse') },
      errors: [404, 429],
    }),
  },
  '/api/teams/join': {
    post: apiCall({
      summary:
        'Join the team an invitation names: signed in (Bearer), the caller joins; signed out, `{token, name, password}` makes an account for the invitation’s email, joins and signs in',
      access: 'none',
      body: {
        json: { type: 'object', properties: { token: text(), name: text(), password: text() }, required: ['token'] },
      },
      answers: { 200: ref('JoinResponse'), 201: ref('JoinResponse') },
      errors: [400, 401, 403, 404, 409, 429],
    }),
  },
};
