/**
 * A CSV import (docs/api.md#import-and-export): the body is parsed as a stream, row by row, and
 * refused as soon as it passes MAX_IMPORT_ROWS, so no body is ever held or parsed whole; the header
 * is checked once, then every row is validated like a create; the good rows are created in one
 * transaction (so the link limit holds for the whole import) and the bad ones reported with their line.
 */
import { CsvError, type Info, type Parser, parse } from 'csv-parse';
import type { Scope } from '../auth/scope';
import { yieldToRequests } from '../background';
import { type ImportResult, MAX_IMPORT_ROWS } from '../contract/lists';
import { invalidInput, RuleError } from '../ruleError';
import { csvRowToLinkBody, importHeaderProblem, unguardCell } from './linkCsv';
import type { LinkService } from './linkService';
import { checkOptionAddresses, type NewLinkFields, parseNewLink } from './linkValidation';
import { shortCodeProblem } from './shortCode';

export const TOO_MANY_ROWS = `An import takes at most ${MAX_IMPORT_ROWS} rows`;
/** Time spent validating rows before the next turn of the event loop, so that redirects keep being answered. */
const MS_PER_TURN = 1;
/**
 * Bytes parsed between two turns: the parser reads a chunk whole, and a 64 KiB chunk of one-byte
 * rows is 32,768 records made in one go (about a second on this service's machines).
 */
const BYTES_PER_TURN = 256;
/** Far above the longest valid row (56 addresses of 2,048 characters and the rest); a longer one is refused as it comes. */
export const MAX_ROW_BYTES = 256 * 1024;

interface ParsedRow {
  info: Info;
  record: string[];
}

/**
 * Writes the body to the parser BYTES_PER_TURN at a time, each piece once the last is parsed and its
 * records taken (the write's callback waits for that), a turn of the event loop between two: a
 * pipe would queue pieces that the parser then reads in one go. Errors end the parser.
 */
async function feed(body: AsyncIterable<Buffer> | Iterable<Buffer>, parser: Parser): Promise<void> {
  const write = (piece: Buffer) =>
    new Promise<void>((resolve, reject) => parser.write(piece, (error) => (error ? reject(error) : resolve())));
  try {
    for await (const chunk of body) {
      for (let start = 0; start < chunk.length; start += BYTES_PER_TURN) {
        await write(chunk.subarray(start, start + BYTES_PER_TURN));
        await yieldToRequests();
      }
    }
    parser.end();
  } catch (error) {
    parser.destroy(error as Error);
  }
}

/**
 * The body's rows as the parser reads them. An error of the body itself (one too large) comes out
 * as it is; the parser's as a 400 saying why.
 */
async function* csvRows(
  body: AsyncIterable<Buffer> | Iterable<Buffer>,
  checkText: (cells: string[]) => void,
): AsyncGenerator<ParsedRow> {
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_ROW_BYTES,
  });
  void feed(body, parser);
  try {
    for await (const row of parser as AsyncIterable<ParsedRow>) {
      checkText(row.record);
      yield row;
    }
  } catch (error) {
    if (error instanceof CsvError) throw invalidInput(`The CSV could not be read: ${error.message}`);
    throw error;
  } finally {
    parser.destroy();
  }
}

function fieldsOf(header: readonly string[], cells: readonly string[]): NewLinkFields {
  const fields = parseNewLink(csvRowToLinkBody(header, cells));
  if (fields.short_code !== undefined) {
    const problem = shortCodeProblem(fields.short_code);
    if (problem) throw invalidInput(problem);
  }
  checkOptionAddresses(fields);
  return fields;
}

interface ReadRows {
  failed: ImportResult['failed'];
  good: { line: number; shortCode: string; fields: NewLinkFields }[];
}

/** Every row validated as it arrives; RuleError 400 (nothing created) on a bad header or row MAX_IMPORT_ROWS + 1. */
async function readRows(rows: AsyncIterable<ParsedRow>): Promise<ReadRows> {
  const read: ReadRows = { failed: [], good: [] };
  let header: string[] | undefined;
  let count = 0;
  let turnStarted = performance.now();
  for await (const row of rows) {
    if (header === undefined) {
      header = row.record.map((column) => column.trim().toLowerCase());
      const problem = importHeaderProblem(header);
      if (problem) throw invalidInput(problem);
      continue;
    }
    if (++count > MAX_IMPORT_ROWS) throw invalidInput(TOO_MANY_ROWS);
    if (performance.now() - turnStarted > MS_PER_TURN) {
      await yieldToRequests();
      turnStarted = performance.now();
    }
    const shortCode = unguardCell(row.record[header.indexOf('short_code')] ?? '').trim();
    try {
      read.good.push({ line: row.info.lines, shortCode, fields: fieldsOf(header, row.record) });
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      read.failed.push({ line: row.info.lines, short_code: shortCode, error: error.message });
    }
  }
  if (header === undefined) throw invalidInput('The CSV needs a header row');
  return read;
}

/**
 * Imports the CSV `body` (its chunks as they arrive; the caller bounds its size). `checkText`
 * sees every row's cells before anything else does, and throws to refuse the import.
 */
export async function importLinks(
  links: LinkService,
  owner: Scope,
  body: AsyncIterable<Buffer> | Iterable<Buffer>,
  checkText: (cells: string[]) => void = () => undefined,
): Promise<ImportResult> {
  const { failed, good } = await readRows(csvRows(body, checkText));
  const outcomes = await links.createMany(
    owner,
    good.map((row) => row.fields),
  );
  let created = 0;
  outcomes.forEach((outcome, index) => {
    const row = good[index]!;
    if (typeof outcome === 'string') failed.push({ line: row.line, short_code: row.shortCode, error: outcome });
    else created += 1;
  });
  failed.sort((a, b) => a.line - b.line);
  return { created, failed };
}
