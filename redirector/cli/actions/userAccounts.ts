/**
 * `me users create|set-password`: accounts made and mended by the operator (docs/api.md#accounts).
 * The invitation link is built on PUBLIC_URL, so run the command with the service's environment.
 */
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { accountFields, parseWith } from '../../auth/accountService';
import { type CliIo, type ParsedArgs, writeLine } from '../command';
import { loadCliConfig, withServices } from '../environment';
import { userByEmail } from './users';

export async function createUser(args: ParsedArgs, io: CliIo): Promise<number> {
  // commands/userAccounts.ts made sure it is given.
  const name = args.values.name as string;
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
}

/** The first line of standard input, without its line end. */
async function firstLine(stdin: NodeJS.ReadableStream): Promise<string> {
  const lines = createInterface({ input: stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

export async function setPassword(args: ParsedArgs, io: CliIo): Promise<number> {
  const password = await firstLine(io.stdin);
  const email = await withServices(loadCliConfig(io.env), async (services) => {
    const user = await userByEmail(services, args.positionals[0]!);
    await services.accountLinks.setPassword(user.id, password);
    return user.email;
  });
  writeLine(io.stdout, `me: the password of ${email} is set; its sessions have ended`);
  return 0;
}
