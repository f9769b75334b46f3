/** `me users list|disable|enable`: the administrator's user actions (docs/api.md#accounts-and-sign-in). */
import { normaliseEmail } from '../../auth/accountService';
import type { AdminUser } from '../../contract/lists';
import { MAX_PER_PAGE } from '../../contract/lists';
import type { Services } from '../../services';
import { CliError, type CliIo, type ParsedArgs, writeLine } from '../command';
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

export async function listUsers(_args: ParsedArgs, io: CliIo): Promise<number> {
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
}

/** `me users disable|enable <email>`. */
export async function setDisabled(disabled: boolean, args: ParsedArgs, io: CliIo): Promise<number> {
  const email = args.positionals[0]!;
  const user = await withServices(loadCliConfig(io.env), async (services) =>
    services.users.setDisabled((await userByEmail(services, email)).id, disabled),
  );
  writeLine(io.stdout, `me: ${user.email} is ${disabled ? 'disabled' : 'enabled'}`);
  return 0;
}
