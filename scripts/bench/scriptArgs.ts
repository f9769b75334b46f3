/**
 * The bench's and the soak's command lines read the same way: the parsed arguments, or the exit
 * code when the script has nothing more to do (--help printed: 0; a usage error said: 2).
 */
export function scriptArgs<T extends { help: boolean }>(
  parse: () => T,
  options: { usage: string; usageError: new (message: string) => Error; say: (line: string) => void },
): T | number {
  let args: T;
  try {
    args = parse();
  } catch (error) {
    if (!(error instanceof options.usageError)) throw error;
    options.say(error.message);
    return 2;
  }
  if (!args.help) return args;
  process.stdout.write(`${options.usage}\n`);
  return 0;
}
