/**
 * A member's API keys of a team, deleted when their membership ends (docs/api.md#api-keys-of-a-team):
 * the member is the subject here, as in teamMembers.ts, not an owner a caller's scope filters by.
 */
import type { Executor, RowShape } from '../executor';
import type { ApiKeyRecord } from './apiKeyRepository';

const SHAPE: RowShape = { json: ['domains'] };

/** An API key deleted with its maker's membership, as its audit entry names it. */
export type GoneKey = Pick<ApiKeyRecord, 'id' | 'team_id' | 'name' | 'scope' | 'domains'>;

/**
 * Deletes the keys `userId` made in team `teamId`, within the transaction that ends their membership:
 * a key stops with it for good, not until they join again (docs/api.md#api-keys-of-a-team).
 */
export async function deleteMemberKeys(tx: Executor, teamId: number, userId: number): Promise<GoneKey[]> {
  const keys = await tx.all<GoneKey>(
    'DELETE FROM api_keys WHERE team_id = ? AND user_id = ? RETURNING id, team_id, name, scope, domains',
    [teamId, userId],
    SHAPE,
  );
  return keys.map((key) => ({ ...key, id: Number(key.id), team_id: Number(key.team_id) }));
}
