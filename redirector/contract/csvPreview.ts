/**
 * The first rows of a CSV file as the import wizard shows them to choose a column mapping from
 * (docs/api.md#csv-imports), and the mapping it proposes. Pure: the server reads the whole file
 * with csv-parse; this reads only the head, by the same RFC 4180 rules (quotes, doubled quotes,
 * CRLF or LF, a byte-order mark, empty lines skipped).
 */
import { CSV_MAPPING_FIELDS, CSV_PREVIEW_ROWS, type CsvMappingField } from './imports';

export interface CsvPreview {
  /** The first row: the file's column names. */
  columns: string[];
  /** Up to `limit` rows after it. */
  rows: string[][];
}

/** Records of `text`, stopping once `limit` are read. */
function readRecords(text: string, limit: number): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(cell);
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
    cell = '';
  };
  for (; index < text.length && records.length < limit; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
    } else cell += char;
  }
  if (records.length < limit && (cell !== '' || record.length > 0)) endRecord();
  return records;
}

/** The file's column names and its first rows (CSV_PREVIEW_ROWS by default). */
export function readCsvPreview(text: string, limit = CSV_PREVIEW_ROWS): CsvPreview {
  const [columns = [], ...rows] = readRecords(text, limit + 1);
  return { columns, rows };
}

/**
 * A first mapping: a column named as a link field (case and spaces aside, `target_url` as `url`)
 * maps onto it, each field once; the others are left out (null).
 */
export function proposeCsvMapping(columns: readonly string[]): (CsvMappingField | null)[] {
  const taken = new Set<string>();
  return columns.map((column) => {
    const name = column
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    const field = name === 'target_url' ? 'url' : name;
    if (taken.has(field) || !(CSV_MAPPING_FIELDS as readonly string[]).includes(field)) return null;
    taken.add(field);
    return field as CsvMappingField;
  });
}

/** The `mapping` parameter of POST /api/imports/csv: each mapped column and its field. */
export function csvMappingOf(
  columns: readonly string[],
  fields: readonly (CsvMappingField | null)[],
): Record<string, CsvMappingField> {
  const mapping: Record<string, CsvMappingField> = {};
  columns.forEach((column, index) => {
    const field = fields[index];
    if (field) mapping[column] = field;
  });
  return mapping;
}
