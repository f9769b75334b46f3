/** `me users list|disable|enable`: the administrator's user actions (docs/api.md#accounts-and-sign-in). */
import { normaliseEmail } from '../../auth/accountService';
import type { AdminUser } from '../../contract/lists';
import { MAX_PER_PAGE } from '../../contract/lists';
import type { Services } from '../../services';
import { CliError, type Command, writeLine } from '../command';
import { loadCliConfig, withServices } from '../environment';
import { formatTable } from '../table';

/** The user with this email, or a one-line error naming it. */
export async function userByEmail(
  services: Services,
  email: string,
): Promise<{ id: number; name: string; email: string; personal_team_id: number }> {
  const user = await services.store.users.findByEmail(normaliseEmail(email));
  if (!user) throw new CliError(`no user with the email "${email}"`);
  return user;
}

async function everyUser(services: Services): Promise<AdminUser[]> {
  const users: AdminUser[] = [];
  for (let page = 1; ; page += 1) {
    const result = await services.users.page({ q: '', page, per_page: MAX_PER_PAGE });
    users.push(...result.users);
    if (result.users.length < MAX_PER_PAGE || users.length >= result.total) return users;
  }
}

export const usersListCommand: Command = {
  name: 'users list',
  summary: 'every account with its links, clicks and state',
  help: `Usage: me users list

Shows every account, oldest first: id, email, name, links, clicks, and whether it is disabled.`,
  async run(_args, io) {
    const users = await withServices(loadCliConfig(io.env), everyUser);
    if (users.length === 0) {
      writeLine(io.stdout, 'no users');
      return 0;
    }
    const rows = users.map((user) => [
      user.id,
      user.email,
      user.name,
      user.links,
      user.clicks,
      user.disabled ? 'yes' : 'no',
    ]);
    writeLine(io.stdout, formatTable(['id', 'email', 'name', 'links', 'clicks', 'disabled'], rows));
    return 0;
  },
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
    async run(args, io) {
      const email = args.positionals[0]!;
      const user = await withServices(loadCliConfig(io.env), async (services) =>
        services.users.setDisabled((await userByEmail(services, email)).id, disabled),
      );
      writeLine(io.stdout, `me: ${user.email} is ${disabled ? 'disabled' : 'enabled'}`);
      return 0;
    },
  };
}

export const usersDisableCommand = setDisabledCommand(true);
export const usersEnableCommand = setDisabledCommand(false);
