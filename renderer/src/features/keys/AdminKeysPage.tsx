/** /admin/keys: the administrator's API keys, managed with the admin session. */
import { useApi } from '../../api/ApiProvider';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { ApiKeysPanel } from './ApiKeysPanel';
import { keysTexts } from './keysTexts';

export function AdminKeysPage() {
  const TEXTS = keysTexts();
  const api = useApi();
  return (
    <div className="stack">
      <PageHeader title={TEXTS.title} subtitle={TEXTS.subtitle.admin} />
      <Card>
        <ApiKeysPanel side="admin" origin={api.http.baseUrl} />
      </Card>
    </div>
  );
}
