/** `me rotate-admin-key`: its help; the rotation itself is actions/rotateAdminKey.ts, loaded when it runs. */
import type { Command } from '../command';

export const rotateAdminKeyCommand: Command = {
  name: 'rotate-admin-key',
  summary: 'replace the generated admin key (takes effect when the service restarts)',
  help: `Usage: me rotate-admin-key

Writes a new admin key to DATA_DIR/admin-key (mode 600) and prints it once. A running service
keeps the old key until it is restarted (e.g. systemctl restart me); the restart ends every admin
session made with the old key. Refused when ADMIN_KEY is set: then the key is whatever that
variable says, so change it there.`,
  run: async (args, io) => (await import('../actions/rotateAdminKey')).rotateAdminKey(args, io),
};
