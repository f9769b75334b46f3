/**
 * `me <command>`: operations on the service's database and data folder, beside a running service
 * (see docs/operations.md, "The command line"). Every error is one line on stderr and a non-zero exit:
 * 1 when the command failed, 2 when the command line is wrong. Help and a wrong command line load only
 * commands/ (each command's help and arguments); a command's work, under actions/, and the store and
 * services behind it are imported when it runs (docs/performance.md, "The test suite's time").
 */
import {
  CliError,
  type CliIo,
  type Command,
  EXIT_FAILED,
  EXIT_USAGE,
  readArgs,
  usageError,
  writeLine,
} from './command';
import { backupCommand } from './commands/backup';
import { checkCommand } from './commands/check';
import { importCommands } from './commands/imports';
import { linksExportCommand, linksImportCommand } from './commands/links';
import { restoreCommand } from './commands/restore';
import { rotateAdminKeyCommand } from './commands/rotateAdminKey';
import { usersCreateCommand, usersSetPasswordCommand } from './commands/userAccounts';
import { usersDisableCommand, usersEnableCommand, usersListCommand } from './commands/users';

export const COMMANDS: readonly Command[] = [
  backupCommand,
  restoreCommand,
  checkCommand,
  rotateAdminKeyCommand,
  usersListCommand,
  usersDisableCommand,
  usersEnableCommand,
  usersCreateCommand,
  usersSetPasswordCommand,
  linksExportCommand,
  linksImportCommand,
  ...importCommands,
];

function overview(commands: readonly Command[], heading: string): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    heading,
    '',
    ...commands.map((command) => `  me ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Each command reads the same environment as the service (DATA_DIR, DATABASE_URL, ADMIN_KEY, ...).',
    'me <command> --help tells more.',
  ].join('\n');
}

const HELP_WORDS: ReadonlySet<string> = new Set(['--help', '-h', 'help']);

/** Runs one command line; resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const [first, second] = argv;
    if (first === undefined) throw new CliError('missing command (see: me --help)', EXIT_USAGE);
    if (HELP_WORDS.has(first)) {
      writeLine(io.stdout, overview(COMMANDS, 'Usage: me <command> [options]'));
      return 0;
    }
    const group = COMMANDS.filter((command) => command.name.startsWith(`${first} `));
    if (group.length > 0) {
      if (second === undefined) throw usageError('missing command', first);
      if (HELP_WORDS.has(second)) {
        writeLine(io.stdout, overview(group, `Usage: me ${first} <command>`));
        return 0;
      }
      const command = group.find((candidate) => candidate.name === `${first} ${second}`);
      if (!command) throw usageError(`unknown command "${first} ${second}"`, first);
      return await runCommand(command, argv.slice(2), io);
    }
    const command = COMMANDS.find((candidate) => candidate.name === first);
    if (!command) throw new CliError(`unknown command "${first}" (see: me --help)`, EXIT_USAGE);
    return await runCommand(command, argv.slice(1), io);
  } catch (error) {
    if (error instanceof CliError) {
      writeLine(io.stderr, `me: ${error.message}`);
      return error.exitCode;
    }
    // Any other error, the services' refusals (RuleError: a link limit, a CSV header they cannot read)
    // among them, is one line too. RuleError is not imported here: `me --help` would load the rules.
    writeLine(io.stderr, `me: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILED;
  }
}

async function runCommand(command: Command, argv: string[], io: CliIo): Promise<number> {
  const args = readArgs(command, argv);
  if (args === 'help') {
    writeLine(io.stdout, command.help);
    return 0;
  }
  return command.run(args, io);
}
