/**
 * Building blocks of the OpenAPI description (docs/api.md#openapi): JSON Schema 2020-12 as OpenAPI
 * 3.1 uses it, written as plain data. Answers are closed objects (every field required, nothing
 * else allowed) so that the conformance test fails on a field the description does not name.
 */

/** A JSON Schema (2020-12) or any other OpenAPI object: plain JSON data. */
export type Schema = { [key: string]: unknown };

/** One schema per field of T, no field left out and none invented: the type checker keeps both in step. */
export type Described<T> = { [K in keyof T]-?: Schema };

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const text = (description?: string): Schema => ({ type: 'string', ...(description ? { description } : {}) });
export const integer = (description?: string): Schema => ({
  type: 'integer',
  minimum: 0,
  ...(description ? { description } : {}),
});
export const number = (description?: string): Schema => ({ type: 'number', ...(description ? { description } : {}) });
export const boolean: Schema = { type: 'boolean' };
export const dateTime: Schema = { type: 'string', format: 'date-time', description: 'ISO 8601 UTC' };
export const id: Schema = { type: 'integer', minimum: 1 };
export const arrayOf = (items: Schema, description?: string): Schema => ({
  type: 'array',
  items,
  ...(description ? { description } : {}),
});
/** The schema, or null. */
export function nullable(schema: Schema): Schema {
  const type = schema.type;
  if (typeof type === 'string') return { ...schema, type: [type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}
export const countMap: Schema = { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } };

/** An answer object: every field required unless named in `optional`, no other field allowed. */
export function closedObject<T>(properties: Described<T>, optional: readonly (keyof T & string)[] = []): Schema {
  const names = Object.keys(properties);
  return {
    type: 'object',
    properties,
    required: names.filter((name) => !(optional as readonly string[]).includes(name)),
    additionalProperties: false,
  };
}

/** A request body object: only `required` fields must be there; unknown fields are ignored by the server. */
export function requestObject<T>(properties: Described<T>, required: readonly (keyof T & string)[]): Schema {
  return { type: 'object', properties, required: [...required] };
}
