/** What every `me` command is, how its arguments are read, and its errors. */
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** Exit codes: 1 the command failed (or found a problem), 2 the command line itself is wrong. */
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** An error shown as one line `me: <message>`, ending the command with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = EXIT_FAILED,
  ) {
    super(message);
  }
}

export function usageError(message: string, command: string): CliError {
  return new CliError(`${message} (see: me ${command} --help)`, EXIT_USAGE);
}

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
}

export interface Command {
  /** As typed: `backup`, `users list`. */
  name: string;
  summary: string;
  /** The full --help text. */
  help: string;
  options?: ParseArgsConfig['options'];
  /** Positional arguments: the first `required` must be given, at most `names.length`. */
  positionals?: { names: string[]; required: number };
  run(args: ParsedArgs, io: CliIo): Promise<number>;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** Reads `argv` for `command`, or says in one line what is wrong with it. */
export function readArgs(command: Command, argv: string[]): ParsedArgs | 'help' {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h' }, ...command.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = error instanceof Error ? error.message : String(error);
    const option = /'([^']+)'/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw usageError(`unknown option ${option}`, command.name);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw usageError(message.split('\n')[0]!, command.name);
    throw usageError(message, command.name);
  }
  if (parsed.values.help === true) return 'help';
  const spec = command.positionals ?? { names: [], required: 0 };
  if (parsed.positionals.length < spec.required) {
    throw usageError(`missing ${spec.names.slice(parsed.positionals.length, spec.required).join(' ')}`, command.name);
  }
  if (parsed.positionals.length > spec.names.length) {
    throw usageError(`unexpected argument "${parsed.positionals[spec.names.length]}"`, command.name);
  }
  return { values: parsed.values as ParsedArgs['values'], positionals: parsed.positionals };
}

export function writeLine(stream: NodeJS.WritableStream, line = ''): void {
  stream.write(`${line}\n`);
}
