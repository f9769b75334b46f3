/**
 * Checks real answers against the served OpenAPI description: finds the described operation and
 * response of each answer, validates its body with ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses),
 * and remembers which operation and status each answer covered.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { ApiAnswer } from '../../../helpers/api';

// biome-ignore lint/suspicious/noExplicitAny: the description is plain JSON walked by pointer
export type Doc = Record<string, any>;

const DOC_ID = 'https://me.invalid/openapi.json';
export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export const escapePointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

/** The value a local `#/...` pointer names, or undefined. */
export function resolvePointer(doc: Doc, pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  let value: unknown = doc;
  for (const raw of pointer.slice(2).split('/')) {
    const part = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof value !== 'object' || value === null || !(part in value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** An ajv that knows the whole description, so `#/components/...` references resolve. */
export function describedAjv(doc: Doc): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  // The description's own top-level fields are not schema keywords; they hold the schemas.
  for (const keyword of ['openapi', 'info', 'servers', 'paths', 'components']) ajv.addKeyword(keyword);
  ajv.addSchema({ ...doc, $id: DOC_ID });
  return ajv;
}

export class Conformance {
  readonly ajv: Ajv2020;
  readonly covered = new Set<string>();
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; pattern: RegExp }[];

  constructor(readonly doc: Doc) {
    this.ajv = describedAjv(doc);
    // Literal paths first: /api/analytics/user is its own call, not /api/analytics/{id}.
    this.templates = Object.keys(doc.paths)
      .sort((a, b) => Number(a.includes('{')) - Number(b.includes('{')))
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      }));
  }

  /** Every described (path, method, status), as `GET /api/links 200`. */
  described(): string[] {
    const keys: string[] = [];
    for (const [path, item] of Object.entries(this.doc.paths as Doc)) {
      for (const method of METHODS.filter((name) => item[name])) {
        for (const status of Object.keys(item[method].responses))
          keys.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    }
    return keys;
  }

  /** The schema validator at `pointer` (compiled once). */
  validatorAt(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOC_ID}${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  /** Fails unless `answer` is a described answer of `method url` and its body fits the description. */
  check(method: string, url: string, answer: ApiAnswer): void {
    const path = new URL(url, 'http://x').pathname;
    const template = this.templates.find((candidate) => candidate.pattern.test(path))?.template;
    const what = `${method} ${url} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
    expect(template, `${what}: path not described`).toBeDefined();
    const operation = this.doc.paths[template as string][method.toLowerCase()];
    expect(operation, `${what}: method not described`).toBeDefined();
    let pointer = `#/paths/${escapePointer(template as string)}/${method.toLowerCase()}/responses/${answer.status}`;
    let response = operation.responses[answer.status];
    expect(response, `${what}: status not described`).toBeDefined();
    if (response.$ref) {
      pointer = response.$ref;
      response = resolvePointer(this.doc, pointer);
    }
    this.covered.add(`${method.toUpperCase()} ${template} ${answer.status}`);
    if (template?.startsWith('/api')) expect(answer.headers.get('cache-control'), what).toBe('no-store');
    const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (!response.content) {
      expect(answer.body, `${what}: an answer without a body`).toBe('');
      return;
    }
    expect(Object.keys(response.content), `${what}: media type`).toContain(mediaType);
    for (const [name, header] of Object.entries((response.headers ?? {}) as Doc)) {
      const value = answer.headers.get(name);
      if (value === null) continue;
      const schema = header.schema as Doc;
      expect(schema.type === 'integer' ? /^\d+$/.test(value) : true, `${what}: header ${name}`).toBe(true);
    }
    const validate = this.validatorAt(`${pointer}/content/${escapePointer(mediaType)}/schema`);
    const valid = validate(answer.body);
    expect(valid ? [] : validate.errors, what).toEqual([]);
  }
}
