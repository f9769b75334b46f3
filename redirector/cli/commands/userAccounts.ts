/** `me users create|set-password`: their help and arguments; the work is actions/userAccounts.ts, loaded when one runs. */
import { type Command, usageError } from '../command';

export const usersCreateCommand: Command = {
  name: 'users create',
  summary: 'make an account and print its invitation link (72 hours)',
  help: `Usage: me users create <email> --name <name>

Makes an account with no password yet and prints a one-time invitation link on PUBLIC_URL
(valid 72 hours) where its owner chooses a password. Run it with the service's PUBLIC_URL.`,
  options: { name: { type: 'string' } },
  positionals: { names: ['<email>'], required: 1 },
  async run(args, io) {
    if (typeof args.values.name !== 'string') throw usageError('missing --name <name>', 'users create');
    return (await import('../actions/userAccounts')).createUser(args, io);
  },
};

export const usersSetPasswordCommand: Command = {
  name: 'users set-password',
  summary: "set an account's password (read from standard input) and end its sessions",
  help: `Usage: me users set-password <email> < file-or-pipe

Reads the new password from the first line of standard input (at least 6 characters), sets it, and
ends every session of the account. Example: printf '%s\\n' "$NEW_PASSWORD" | me users set-password ann@example.com`,
  positionals: { names: ['<email>'], required: 1 },
  run: async (args, io) => (await import('../actions/userAccounts')).setPassword(args, io),
};
