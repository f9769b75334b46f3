/**
 * A CSV import (docs/api.md#import-and-export): the header is checked once, then every row is
 * validated like a create; the good rows are created in one transaction (so the link limit holds
 * for the whole import) and the bad ones reported with their line.
 */
import { parse } from 'csv-parse/sync';
import { type ImportResult, MAX_IMPORT_ROWS } from '../contract/lists';
import { invalidInput, RuleError } from '../ruleError';
import { csvRowToLinkBody, importHeaderProblem, unguardCell } from './linkCsv';
import type { LinkOwner, LinkService } from './linkService';
import { checkOptionAddresses, type NewLinkFields, parseNewLink } from './linkValidation';
import { shortCodeProblem } from './shortCode';

interface ParsedRow {
  info: { lines: number };
  record: string[];
}

function parseCsv(text: string): ParsedRow[] {
  try {
    return parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as ParsedRow[];
  } catch (error) {
    throw invalidInput(`The CSV could not be read: ${error instanceof Error ? error.message : String(error)}`);
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

export async function importLinks(links: LinkService, owner: LinkOwner, text: string): Promise<ImportResult> {
  const [headerRow, ...rows] = parseCsv(text);
  if (headerRow === undefined) throw invalidInput('The CSV needs a header row');
  const header = headerRow.record.map((column) => column.trim().toLowerCase());
  const problem = importHeaderProblem(header);
  if (problem) throw invalidInput(problem);
  if (rows.length > MAX_IMPORT_ROWS) throw invalidInput(`An import takes at most ${MAX_IMPORT_ROWS} rows`);

  const failed: ImportResult['failed'] = [];
  const good: { line: number; shortCode: string; fields: NewLinkFields }[] = [];
  for (const row of rows) {
    const shortCode = unguardCell(row.record[header.indexOf('short_code')] ?? '').trim();
    try {
      good.push({ line: row.info.lines, shortCode, fields: fieldsOf(header, row.record) });
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      failed.push({ line: row.info.lines, short_code: shortCode, error: error.message });
    }
  }
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
