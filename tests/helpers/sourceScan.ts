import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, sep } from 'node:path';
import { parseSync } from 'vite';

// The repository root: tests/helpers/ is two levels below it.
export const repoRoot = join(import.meta.dirname, '..', '..');

/** One import of a source file, with its target resolved to a repo-relative path when it is relative. */
export interface ImportRef {
  line: number;
  specifier: string;
  /** `redirector/links/linkService` for `../links/linkService` (no extension); the specifier itself for a package. */
  target: string;
  /** Erased at build time: `import type`, `export type … from`, `import('x').T` in a type. */
  typeOnly: boolean;
}

export interface StringRef {
  line: number;
  text: string;
}

/** A function, method or arrow function: where it starts and ends (1-based lines, inclusive). */
export interface FunctionRef {
  line: number;
  endLine: number;
  name: string;
}

export interface SourceFacts {
  imports: ImportRef[];
  /** Every function of the file, nested ones included. */
  functions: FunctionRef[];
  /** Every string and template literal (a template's holes read as `?`), comments excluded. */
  strings: StringRef[];
}

interface AstNode {
  type: string;
  start: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function walk(node: AstNode, visit: (node: AstNode) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) walk(item, visit);
    } else if (isNode(value)) {
      walk(value, visit);
    }
  }
}

function literalValue(node: unknown): string | undefined {
  return isNode(node) && node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
}

/** The module a node loads and whether only types come from it, for every form of import and re-export. */
function importOf(node: AstNode): { source: string; typeOnly: boolean } | undefined {
  switch (node.type) {
    case 'ImportDeclaration': {
      // With verbatimModuleSyntax, `import { type A } from 'x'` still loads x: only `import type` is erased.
      const source = literalValue(node.source);
      return source === undefined ? undefined : { source, typeOnly: node.importKind === 'type' };
    }
    case 'ExportNamedDeclaration':
    case 'ExportAllDeclaration': {
      const source = literalValue(node.source);
      return source === undefined ? undefined : { source, typeOnly: node.exportKind === 'type' };
    }
    case 'ImportExpression': {
      const source = literalValue(node.source);
      return source === undefined ? undefined : { source, typeOnly: false };
    }
    case 'TSImportType': {
      const source = literalValue(node.source) ?? literalValue((node.argument as AstNode | undefined)?.literal);
      return source === undefined ? undefined : { source, typeOnly: true };
    }
    case 'CallExpression': {
      const callee = node.callee;
      const args = node.arguments as unknown[];
      const source = literalValue(args[0]);
      const isRequire = isNode(callee) && callee.type === 'Identifier' && callee.name === 'require';
      return isRequire && source !== undefined ? { source, typeOnly: false } : undefined;
    }
    default:
      return undefined;
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function lineAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

function resolveTarget(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  const resolved = posix.normalize(posix.join(posix.dirname(file), specifier));
  return resolved.replace(/\.(?:[cm]?[jt]s|tsx|jsx)$/, '');
}

const functionTypes = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** Imports, functions and string literals of one file; `file` is repo-relative with forward slashes. */
export function scanSource(file: string, text: string): SourceFacts {
  const parsed = parseSync(file, text);
  if (parsed.errors.length > 0) throw new Error(`${file}: ${parsed.errors[0]?.message ?? 'parse error'}`);
  const starts = lineStarts(text);
  const facts: SourceFacts = { imports: [], functions: [], strings: [] };
  walk(parsed.program as unknown as AstNode, (node) => {
    if (functionTypes.has(node.type)) {
      const id = node.id as { name?: unknown } | null | undefined;
      facts.functions.push({
        line: lineAt(starts, node.start),
        endLine: lineAt(starts, (node.end as number) - 1),
        name: typeof id?.name === 'string' ? id.name : '(anonymous)',
      });
    }
    const found = importOf(node);
    if (found) {
      facts.imports.push({
        line: lineAt(starts, node.start),
        specifier: found.source,
        target: resolveTarget(file, found.source),
        typeOnly: found.typeOnly,
      });
    }
    const text = literalValue(node);
    if (text !== undefined) facts.strings.push({ line: lineAt(starts, node.start), text });
    if (node.type === 'TemplateLiteral') {
      const quasis = node.quasis as { value: { raw: string } }[];
      facts.strings.push({ line: lineAt(starts, node.start), text: quasis.map((q) => q.value.raw).join('?') });
    }
  });
  return facts;
}

const sourceExtension = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

/** Every TypeScript/JavaScript file below the given repo-relative folders, as repo-relative paths. */
export function sourceFiles(...folders: string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
      .map((name) => posix.join(folder, name.split(sep).join('/')))
      .filter((file) => sourceExtension.test(file) && !file.endsWith('.d.ts'))
      .sort(),
  );
}

export function readSource(file: string): string {
  return readFileSync(join(repoRoot, file), 'utf8');
}

/** One parameter of a method an exported interface declares (or a field of a parameter's inline object type). */
export interface InterfaceParamRef {
  line: number;
  /** The interface's name. */
  owner: string;
  method: string;
  /** The parameter's name, or `param.field` for a field of its inline object type. */
  name: string;
}

/** The field names of an inline object type (`where: { domain: string; ownerId: number }`), if any. */
function literalFields(param: AstNode): string[] {
  const annotation = (param.typeAnnotation as AstNode | null | undefined)?.typeAnnotation;
  if (!isNode(annotation) || annotation.type !== 'TSTypeLiteral') return [];
  return (annotation.members as AstNode[]).flatMap((member) => {
    const key = member.key as { name?: unknown } | undefined;
    return typeof key?.name === 'string' ? [key.name] : [];
  });
}

/**
 * Every parameter of every method (`f(a: A): R` or `f: (a: A) => R`) of the exported interfaces of
 * one file, with the fields of inline object types, so that a rule can look at the names.
 */
export function interfaceParams(file: string, text: string): InterfaceParamRef[] {
  const parsed = parseSync(file, text);
  if (parsed.errors.length > 0) throw new Error(`${file}: ${parsed.errors[0]?.message ?? 'parse error'}`);
  const starts = lineStarts(text);
  const found: InterfaceParamRef[] = [];
  for (const statement of parsed.program.body as unknown as AstNode[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode | null) : null;
    if (declaration?.type !== 'TSInterfaceDeclaration') continue;
    const owner = String((declaration.id as { name: string }).name);
    for (const member of (declaration.body as { body: AstNode[] }).body) {
      const method = String((member.key as { name?: unknown } | undefined)?.name ?? '(computed)');
      walk(member, (node) => {
        if (node.type !== 'TSMethodSignature' && node.type !== 'TSFunctionType') return;
        for (const param of node.params as AstNode[]) {
          const name = (param.type === 'Identifier' ? param.name : (param.argument as AstNode | undefined)?.name) as
            | string
            | undefined;
          if (name === undefined) continue;
          const line = lineAt(starts, param.start);
          found.push({ line, owner, method, name });
          for (const field of literalFields(param)) found.push({ line, owner, method, name: `${name}.${field}` });
        }
      });
    }
  }
  return found;
}
