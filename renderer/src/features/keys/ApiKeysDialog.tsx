/** 'API Keys' on the user dashboard (beside Domain): the user's own keys, managed with their session. */
import { useMemo } from 'react';
import { useApi } from '../../api/ApiProvider';
import { guardUnauthorized } from '../../api/useAdminCalls';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ApiKeysPanel } from './ApiKeysPanel';
import { KEYS_TEXTS as TEXTS } from './keysTexts';

export interface ApiKeysDialogProps {
  token: string;
  onClose: () => void;
  /** A 401: the session is gone (signed out elsewhere, account disabled). */
  onUnauthorized: () => void;
}

export function ApiKeysDialog({ token, onClose, onUnauthorized }: ApiKeysDialogProps) {
  const api = useApi();
  const calls = useMemo(
    () => guardUnauthorized(api.keys.withCredential({ token }), onUnauthorized),
    [api, token, onUnauthorized],
  );
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={TEXTS.title}
      description={TEXTS.subtitle.user}
      footer={<Button onClick={onClose}>{TEXTS.close}</Button>}
    >
      <ApiKeysPanel calls={calls} side="user" origin={api.http.baseUrl} />
    </Dialog>
  );
}
