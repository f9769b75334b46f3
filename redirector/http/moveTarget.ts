/**
 * The team a bulk `move` sends links to (docs/api.md#moving-links-to-another-team), as the caller
 * acts in it: the team rule of the call's own team, applied to the target too. A team the caller
 * is not in → 404 (its existence is not revealed); a role there that may not change links → 403
 * naming what is missing in that team. An API key acts in its own team only, so any other team is
 * one it is not in. The administrator acts on every team, as its owner.
 */
import type { Context } from 'koa';
import { adminTeamScope, type Scope, userScope } from '../auth/scope';
import { moveTargetMissing } from '../contract/linkBulk';
import { TEAM_NOT_FOUND } from '../contract/teams';
import type { Store } from '../storage/store';
import type { AdminState, UserState } from './authGuards';
import { forbidden, notFound } from './errors';

/** The caller's scope in the team `ref` (an id or a slug) names; throws its 404 or 403. */
export async function moveTargetScope(store: Pick<Store, 'teams'>, ctx: Context, scope: Scope, ref: string) {
  let target: Scope;
  if (scope.actor.type === 'admin') {
    const team = await store.teams.byRef(ref);
    if (!team) throw notFound(TEAM_NOT_FOUND);
    target = adminTeamScope((ctx.state as AdminState).credential, team);
  } else {
    const { user } = ctx.state as UserState;
    const access = await store.teams.access(user.id, ref);
    if (!access || (scope.actor.type === 'key' && access.id !== scope.team?.id)) throw notFound(TEAM_NOT_FOUND);
    // A key's own team: the links are there already; its scope keeps its restrictions.
    target = scope.actor.type === 'key' ? scope : userScope(user, access);
  }
  const missing = target.missing('links');
  if (missing !== undefined) throw forbidden(moveTargetMissing(missing));
  return target satisfies Scope;
}
