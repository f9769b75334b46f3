/** /admin/keys: the administrator's API keys, managed with the admin session. */
import { useMemo } from 'react';
import { useApi } from '../../api/ApiProvider';
import { guardUnauthorized } from '../../api/useAdminCalls';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../session/AdminSession';
import { ApiKeysPanel } from './ApiKeysPanel';
import { KEYS_TEXTS as TEXTS } from './keysTexts';

export function AdminKeysPage() {
  const api = useApi();
  const { apiKey, expire } = useAuth();
  const calls = useMemo(
    () => guardUnauthorized(api.keys.withCredential({ apiKey: apiKey ?? '' }), () => expire()),
    [api, apiKey, expire],
  );
  return (
    <div className="stack">
      <PageHeader title={TEXTS.title} subtitle={TEXTS.subtitle.admin} />
      <Card>
        <ApiKeysPanel calls={calls} side="admin" origin={api.http.baseUrl} />
      </Card>
    </div>
  );
}
