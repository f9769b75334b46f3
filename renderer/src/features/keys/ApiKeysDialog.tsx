/** 'API Keys' on the user dashboard (beside Domain): the user's own keys, managed with their session. */
import { useApi } from '../../api/ApiProvider';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ApiKeysPanel } from './ApiKeysPanel';
import { keysTexts } from './keysTexts';

export function ApiKeysDialog({ onClose }: { onClose: () => void }) {
  const TEXTS = keysTexts();
  const api = useApi();
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={TEXTS.title}
      description={TEXTS.subtitle.user}
      footer={<Button onClick={onClose}>{TEXTS.close}</Button>}
    >
      <ApiKeysPanel side="user" origin={api.http.baseUrl} />
    </Dialog>
  );
}
