/** `me links export|import`: the CSV of docs/api.md#links, on stdout and from a file. */
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { cliScope, type Scope } from '../../auth/scope';
import { MAX_IMPORT_BYTES } from '../../contract/lists';
import { linkCsvExport } from '../../links/linkExport';
import { importLinks } from '../../links/linkImport';
import type { Services } from '../../services';
import { CliError, type CliIo, EXIT_FAILED, type ParsedArgs, writeLine } from '../command';
import { loadCliConfig, withServices } from '../environment';
import { userByEmail } from './users';

/** The CLI's scope: every link, or with --user that user's (docs/api.md#scope-who-a-call-acts-for). */
async function ownerOf(services: Services, email: string | boolean | undefined): Promise<Scope> {
  return typeof email === 'string' ? cliScope(await userByEmail(services, email)) : cliScope();
}

export async function exportLinks(args: ParsedArgs, io: CliIo): Promise<number> {
  await withServices(loadCliConfig(io.env), async (services) => {
    const { rows, csv } = linkCsvExport(services.links, await ownerOf(services, args.values.user));
    try {
      await pipeline(rows, csv, io.stdout, { end: false });
    } catch (error) {
      // The reader went away (`me links export | head`): not the export's failure.
      if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
    }
  });
  return 0;
}

function readCsv(file: string, stdin: NodeJS.ReadableStream): Promise<string> | string {
  if (file === '-') {
    return (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of stdin) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks).toString('utf8');
    })();
  }
  let size: number;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw new CliError(`"${file}" is not a file`);
    size = stat.size;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot read "${file}" (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (size > MAX_IMPORT_BYTES)
    throw new CliError(`"${file}" is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MiB: split it`);
  return fs.readFileSync(file, 'utf8');
}

export async function importLinksFromCsv(args: ParsedArgs, io: CliIo): Promise<number> {
  const text = await readCsv(args.positionals[0]!, io.stdin);
  if (text.includes('\0')) throw new CliError('the file holds NUL characters: it is not a CSV text file');
  const result = await withServices(loadCliConfig(io.env), async (services) =>
    importLinks(services.links, await ownerOf(services, args.values.user), [Buffer.from(text)]),
  );
  writeLine(io.stdout, `created ${result.created} link${result.created === 1 ? '' : 's'}`);
  for (const row of result.failed) {
    writeLine(io.stdout, `line ${row.line}${row.short_code ? ` (${row.short_code})` : ''}: ${row.error}`);
  }
  if (result.failed.length === 0) return 0;
  writeLine(io.stdout, `${result.failed.length} row${result.failed.length === 1 ? '' : 's'} refused`);
  return EXIT_FAILED;
}
