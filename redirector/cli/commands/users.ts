/** `me users list|disable|enable`: their help and arguments; the work is actions/users.ts, loaded when one runs. */
import type { Command } from '../command';

export const usersListCommand: Command = {
  name: 'users list',
  summary: 'every account with its links, clicks and state',
  help: `Usage: me users list

Shows every account, oldest first: id, email, name, links, clicks, and whether it is disabled.`,
  run: async (args, io) => (await import('../actions/users')).listUsers(args, io),
};

function setDisabledCommand(disabled: boolean): Command {
  const verb = disabled ? 'disable' : 'enable';
  return {
    name: `users ${verb}`,
    summary: disabled ? 'stop an account: no sign-in, its links answer 410' : 'let a disabled account back in',
    help: `Usage: me users ${verb} <email>

${
  disabled
    ? 'Disables the account: it can no longer sign in or use its sessions, and its links answer 410.'
    : 'Enables the account again: it can sign in and its links redirect.'
} A running service sees the change within about a second (on PostgreSQL at once).`,
    positionals: { names: ['<email>'], required: 1 },
    run: async (args, io) => (await import('../actions/users')).setDisabled(disabled, args, io),
  };
}

export const usersDisableCommand = setDisabledCommand(true);
export const usersEnableCommand = setDisabledCommand(false);
