/**
 * `me users create|set-password`: accounts made and mended by the operator (docs/api.md#accounts).
 * The invitation link is built on PUBLIC_URL, so run the command with the service's environment.
 */
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { accountFields, parseWith } from '../../auth/accountService';
import { CliError, type Command, writeLine } from '../command';
import { loadCliConfig, withServices } from '../environment';
import { userByEmail } from './users';

export const usersCreateCommand: Command = {
  name: 'users create',
  summary: 'make an account and print its invitation link (72 hours)',
  help: `Usage: me users create <email> --name <name>

Makes an account with no password yet and prints a one-time invitation link on PUBLIC_URL
(valid 72 hours) where its owner chooses a password. Run it with the service's PUBLIC_URL.`,
  options: { name: { type: 'string' } },
  positionals: { names: ['<email>'], required: 1 },
  async run(args, io) {
    const name = args.values.name;
    if (typeof name !== 'string') throw new CliError('missing --name <name> (see: me users create --help)', 2);
    const fields = parseWith(
      z.object({ name: accountFields.name, email: accountFields.email }),
      { name, email: args.positionals[0] },
      'Invalid user',
    );
    const link = await withServices(loadCliConfig(io.env), async (services) => {
      const user = await services.accounts.register(fields);
      return { email: user.email, ...(await services.accountLinks.issue(user.id, 'invite')) };
    });
    writeLine(io.stdout, `me: ${link.email} is invited; send them this link (valid until ${link.expires_at}):`);
    writeLine(io.stdout, link.url);
    return 0;
  },
};

/** The first line of standard input, without its line end. */
async function firstLine(stdin: NodeJS.ReadableStream): Promise<string> {
  const lines = createInterface({ input: stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

export const usersSetPasswordCommand: Command = {
  name: 'users set-password',
  summary: "set an account's password (read from standard input) and end its sessions",
  help: `Usage: me users set-password <email> < file-or-pipe

Reads the new password from the first line of standard input (at least 6 characters), sets it, and
ends every session of the account. Example: printf '%s\\n' "$NEW_PASSWORD" | me users set-password ann@example.com`,
  positionals: { names: ['<email>'], required: 1 },
  async run(args, io) {
    const password = await firstLine(io.stdin);
    const email = await withServices(loadCliConfig(io.env), async (services) => {
      const user = await userByEmail(services, args.positionals[0]!);
      await services.accountLinks.setPassword(user.id, password);
      return user.email;
    });
    writeLine(io.stdout, `me: the password of ${email} is set; its sessions have ended`);
    return 0;
  },
};
