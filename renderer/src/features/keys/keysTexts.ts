/** The words of the API Keys dialog (user) and screen (administrator). */
import type { ApiKey } from '../../../../redirector/contract';

export type KeySide = 'user' | 'admin';

export const KEYS_TEXTS = {
  title: 'API Keys',
  subtitle: {
    user: 'Keys let scripts and tools use your account without your password. Each works until you delete it.',
    admin:
      'Keys let scripts and tools make admin calls without the admin key. Each works until you delete it or the admin key changes.',
  } satisfies Record<KeySide, string>,
  nameLabel: 'Key name',
  namePlaceholder: 'e.g. ShareX on my laptop',
  nameHint: 'To tell your keys apart later.',
  create: 'Create Key',
  creating: 'Creating...',
  createFailed: 'Failed to create key',
  newKeyTitle: 'Your new API key',
  newKeyWarning: "Copy it now: you won't see it again. Only its first characters are kept for display.",
  copy: 'Copy key',
  copied: 'Copied!',
  done: 'Done',
  /** How a script sends the key, with the call it is most likely to make first. */
  usage: (side: KeySide, origin: string) =>
    side === 'user'
      ? `curl -H "Authorization: Bearer <key>" ${origin}/api/links/user`
      : `curl -H "X-API-Key: <key>" ${origin}/api/links`,
  usageLabel: 'Use it like this',
  loading: 'Loading keys...',
  loadFailed: 'Error Loading Keys',
  empty: 'No API keys yet',
  emptyHint: 'Create one for each script or tool, so you can revoke one without the others.',
  columns: { name: 'Name', key: 'Key', created: 'Created', lastUsed: 'Last used', actions: 'Actions' },
  never: 'Never',
  delete: 'Delete',
  deleteLabel: (key: ApiKey) => `Delete key ${key.name}`,
  deleteTitle: 'Delete API key',
  deleting: 'Deleting...',
  deleteFailed: 'Failed to delete key',
  deleteQuestion: (key: ApiKey) =>
    `Delete the key "${key.name}" (${key.prefix}…)? Anything using it stops working at once. This cannot be undone.`,
  close: 'Close',
};
