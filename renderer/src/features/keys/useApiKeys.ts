/** The keys of the signed-in side: loaded once, then kept in step with each create and delete. */
import type { ApiKey, CreateApiKeyResponse } from '../../../../redirector/contract';
import type { KeyScope } from '../../../../redirector/contract/teams';
import { useKeyCalls } from '../../api/keys';
import { useCreatedList } from '../../api/useCreatedList';

export function useApiKeys() {
  const calls = useKeyCalls();
  const list = useCreatedList(calls, (answer: CreateApiKeyResponse) => answer.key);

  return {
    keys: list.rows,
    created: list.created,
    dismissCreated: list.dismissCreated,
    async create(name: string, scope?: KeyScope, domains?: string[]): Promise<void> {
      list.added(await calls.create(name, scope, domains));
    },
    async remove(key: ApiKey): Promise<void> {
      await calls.remove(key.id);
      list.removed(key);
    },
  };
}
