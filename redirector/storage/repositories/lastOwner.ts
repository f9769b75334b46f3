/**
 * A team keeps at least one owner (docs/api.md#account-calls), an account's deletion included: an
 * account that is the last owner of a shared team (its only member too) is not deleted until the
 * team has another owner or is deleted; otherwise the team's links, hub and domain would stay with
 * nobody to manage them.
 */
import { accountLastOwner } from '../../contract/teams';
import { RuleError } from '../../ruleError';
import type { Executor } from '../executor';
import { ownersOf } from './teamMembers';

/** Throws the 409 when the user is the last owner of a shared team; each team's row locked (PostgreSQL) as it is counted. */
export async function refuseLastOwner(tx: Executor, userId: number): Promise<void> {
  const owned = await tx.all<{ id: number; name: string }>(
    `SELECT t.id, t.name FROM team_members m JOIN teams t ON t.id = m.team_id
     WHERE m.user_id = ? AND m.role = 'owner' AND t.personal_user_id IS NULL ORDER BY t.id`,
    [userId],
  );
  for (const team of owned) {
    if ((await ownersOf(tx, Number(team.id))) <= 1) throw new RuleError(409, accountLastOwner(team.name));
  }
}
