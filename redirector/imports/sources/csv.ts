/**
 * A CSV file with a column mapping (docs/api.md#csv-imports): `options.mapping` `{column: field}`
 * names, for the columns to read, the link field each one holds (CSV_MAPPING_FIELDS); other
 * columns are left alone. The file is parsed a piece at a time, a turn of the event loop between two
 * pieces, so redirects keep being answered. Each data row is a link whose source id is its line
 * (`line 2` is the first after the header); the source is the file's content (its SHA-256), so the
 * same file imported again creates nothing twice. A cell is read as the link export's column of the
 * same name is (tags split on `|`, flags true/false, …).
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse';
import { yieldToRequests } from '../../background';
import { CSV_MAPPING_FIELDS, type CsvMappingField } from '../../contract/imports';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../contract/lists';
import { csvRowToLinkBody } from '../../links/linkCsv';
import { invalidInput } from '../../ruleError';
import { isoTime } from './apiConnection';
import type { ImportSourceReader, SourceLink } from './importSource';

export const CSV_MAPPING_RULE = `options.mapping must be an object of the CSV's columns and link fields (${CSV_MAPPING_FIELDS.join(', ')})`;
export const CSV_NEEDS_URL = 'options.mapping must map a column to url (or target_url)';
const PIECE = 64 * 1024;

export interface CsvRow {
  line: number;
  cells: string[];
}

/** The mapping as given, checked; RuleError 400 naming what is wrong. */
export function parseCsvMapping(mapping: unknown): Record<string, CsvMappingField> {
  if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) throw invalidInput(CSV_MAPPING_RULE);
  const entries = Object.entries(mapping as Record<string, unknown>);
  const fields = new Set<string>();
  for (const [column, field] of entries) {
    if (typeof field !== 'string' || !(CSV_MAPPING_FIELDS as readonly string[]).includes(field)) {
      throw invalidInput(`${CSV_MAPPING_RULE}; ${JSON.stringify(column)} is mapped to ${JSON.stringify(field)}`);
    }
    const same = field === 'url' ? 'target_url' : field;
    if (fields.has(same)) throw invalidInput(`options.mapping maps two columns to ${field}`);
    fields.add(same);
  }
  if (!fields.has('target_url')) throw invalidInput(CSV_NEEDS_URL);
  return Object.fromEntries(entries) as Record<string, CsvMappingField>;
}

/** Every record of the text with its line, parsed a piece at a time; RuleError 400 for unreadable CSV or too many rows. */
export async function readCsvRows(text: string): Promise<CsvRow[]> {
  if (Buffer.byteLength(text) > MAX_IMPORT_BYTES) throw invalidInput('The CSV is too large (5 MiB at most)');
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true });
  const rows: CsvRow[] = [];
  parser.on('readable', () => {
    for (let record = parser.read(); record !== null; record = parser.read()) {
      rows.push({ line: record.info.lines, cells: record.record });
    }
  });
  const ended = new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
  });
  try {
    for (let start = 0; start < text.length; start += PIECE) {
      parser.write(text.slice(start, start + PIECE));
      if (rows.length > MAX_IMPORT_ROWS + 1) break;
      await yieldToRequests();
    }
    parser.end();
    await ended;
  } catch (error) {
    throw invalidInput(`The CSV could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (rows.length > MAX_IMPORT_ROWS + 1) throw invalidInput(`An import takes at most ${MAX_IMPORT_ROWS} rows`);
  return rows;
}

/** The header's problem with the mapping: columns it names that the file lacks; undefined when none. */
export function mappingProblem(
  header: readonly string[],
  mapping: Record<string, CsvMappingField>,
): string | undefined {
  const missing = Object.keys(mapping).filter((column) => !header.includes(column));
  return missing.length > 0 ? `options.mapping names columns the CSV does not have: ${missing.join(', ')}` : undefined;
}

/** The same file whoever imports it: the key re-imports are matched by. */
export function csvSourceKey(text: string): string {
  return `csv:${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

function linkOf(header: readonly string[], mapping: Record<string, CsvMappingField>, row: CsvRow): SourceLink {
  const fields = header.map((column) => {
    const field = mapping[column];
    return field === 'url' ? 'target_url' : (field ?? '');
  });
  const body = csvRowToLinkBody(
    fields.map((field) => (field === 'created_at' ? '' : field)),
    row.cells,
  );
  const created = fields.indexOf('created_at');
  const { target_url, short_code, title, domain, '': _unmapped, ...rest } = body;
  return {
    ref: `line ${row.line}`,
    short_code: typeof short_code === 'string' ? short_code : '',
    target_url: typeof target_url === 'string' ? target_url : '',
    title: typeof title === 'string' ? title : null,
    created_at: created >= 0 ? isoTime(row.cells[created]?.trim()) : null,
    domain: typeof domain === 'string' ? domain : null,
    fields: rest,
  };
}

/** The connection's file, checked against the mapping when the job is made (RuleError 400). */
export async function checkCsvFile(connection: unknown, mapping: Record<string, CsvMappingField>): Promise<void> {
  const text = csvText(connection);
  const [head] = await readCsvRows(text);
  if (!head) throw invalidInput('The CSV is empty');
  const problem = mappingProblem(
    head.cells.map((column) => column.trim()),
    mapping,
  );
  if (problem) throw invalidInput(problem);
}

/** The file's text from the job's connection. */
export function csvText(connection: unknown): string {
  const text = (connection as { csv?: unknown } | null)?.csv;
  if (typeof text !== 'string') throw invalidInput('connection.csv must be the CSV file as text');
  return text;
}

/** The file's links, in line order, read after the ref of a line. */
export async function csvReader(text: string, mapping: Record<string, CsvMappingField>): Promise<ImportSourceReader> {
  const [head, ...rows] = await readCsvRows(text);
  const header = (head?.cells ?? []).map((column) => column.trim());
  const problem = mappingProblem(header, mapping);
  if (problem) throw invalidInput(problem);
  return {
    async linksAfter(after, limit) {
      const afterLine = after === null ? 0 : Number(after.replace(/^line /, '')) || 0;
      return rows
        .filter((row) => row.line > afterLine)
        .slice(0, limit)
        .map((row) => linkOf(header, mapping, row));
    },
    clicksAfter: async () => [],
    close: async () => {},
  };
}
