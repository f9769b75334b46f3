/** 'API Keys' on the user dashboard (beside Domain): the user's own keys, managed with their session. */
import { useApi } from '../../api/ApiProvider';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ApiKeysPanel } from './ApiKeysPanel';
import { keysTexts } from './keysTexts';

/** `domains`: the chosen team's, which a new key may be held to. */
export function ApiKeysDialog({ domains, onClose }: { domains: readonly string[]; onClose: () => void }) {
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
      <ApiKeysPanel side="user" origin={api.http.baseUrl} domains={domains} />
    </Dialog>
  );
}
