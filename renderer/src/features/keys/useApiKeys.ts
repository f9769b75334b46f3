/** The keys of the signed-in side: loaded once, then kept in step with each create and delete. */
import { useState } from 'react';
import type { ApiKey, CreateApiKeyResponse } from '../../../../redirector/contract';
import { useKeyCalls } from '../../api/keys';
import { useLoad } from '../../api/useLoad';

export function useApiKeys() {
  const calls = useKeyCalls();
  const keys = useLoad((signal) => calls.list(signal), [calls]);
  /** The answer of the last create: its secret is shown until dismissed, then forgotten. */
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);

  return {
    keys,
    created,
    dismissCreated: () => setCreated(null),
    async create(name: string): Promise<void> {
      const answer = await calls.create(name);
      keys.setData((list) => [...(list ?? []), answer.key]);
      setCreated(answer);
    },
    async remove(key: ApiKey): Promise<void> {
      await calls.remove(key.id);
      keys.setData((list) => list?.filter((row) => row.id !== key.id));
      setCreated((shown) => (shown?.key.id === key.id ? null : shown));
    },
  };
}
