/**
 * The scope an import job runs in (docs/api.md#imports): its starter's place in the team as it is
 * when the job runs, so that a member removed, made a viewer or whose key was deleted since the job
 * was queued imports nothing more, and restrictions narrow what it may do.
 */
import { describe, expect, it } from 'vitest';
import type { TeamAccess } from '../../../../redirector/auth/scope';
import { STARTER_KEY_GONE, startedScope } from '../../../../redirector/imports/importStarter';
import type { ImportRecord } from '../../../../redirector/storage/repositories/importRepository';

const TEAM = 7;
const member = (access: Partial<TeamAccess> = {}): TeamAccess => ({
  id: TEAM,
  personalUserId: null,
  role: 'editor',
  ownLinksOnly: false,
  domains: null,
  ...access,
});

function job(startedBy: ImportRecord['started_by']): ImportRecord {
  return { id: 1, user_id: null, team_id: TEAM, started_by: startedBy } as ImportRecord;
}

/** A store whose user 3 has `access` in the team and whose team has the keys `keys`. */
function store(access: TeamAccess | undefined, keys: { id: number; domains: string[] | null }[] = []) {
  return {
    teams: { accessById: async () => access },
    apiKeys: { list: async () => keys },
  } as unknown as Parameters<typeof startedScope>[0];
}

const byUser = job({ type: 'user', id: 3, name: 'Ed' });
const byKey = job({ type: 'key', id: 3, name: 'Ed', key: { id: 9, name: 'script' } });

describe('the scope of an import job', () => {
  it("is the starter's place in the team now, restrictions included", async () => {
    const scope = await startedScope(store(member({ ownLinksOnly: true, domains: ['a.example'] })), byUser);
    expect(scope.team).toMatchObject({ id: TEAM, role: 'editor', ownLinksOnly: true, domains: ['a.example'] });
    expect(scope.actor).toMatchObject({ type: 'user', id: 3 });
  });

  it("narrows the starter's domains to their key's", async () => {
    const scope = await startedScope(store(member(), [{ id: 9, domains: ['b.example'] }]), byKey);
    expect(scope.team?.domains).toEqual(['b.example']);
  });

  it('fails once the starter left the team, became a viewer, or lost the key', async () => {
    await expect(startedScope(store(undefined), byUser)).rejects.toMatchObject({
      status: 404,
      message: 'Team not found',
    });
    await expect(startedScope(store(member({ role: 'viewer' })), byUser)).rejects.toMatchObject({
      status: 403,
      message: 'Your role in this team (viewer) cannot change links: it needs an editor or an owner',
    });
    await expect(startedScope(store(member(), []), byKey)).rejects.toMatchObject({
      status: 403,
      message: STARTER_KEY_GONE,
    });
  });

  it("runs the administrator's and the command line's jobs as the team's owner", async () => {
    for (const starter of [{ type: 'admin', id: null, name: 'admin' } as const, null]) {
      const scope = await startedScope(store(undefined), job(starter));
      expect(scope.team).toMatchObject({ id: TEAM, role: 'owner', ownLinksOnly: false, domains: null });
    }
  });
});
