/**
 * Reads `GET /api/openapi.json` into the operations the matrix walks, and makes a schema-valid sample of any
 * input from its JSON Schema: the matrix builds every request from the document alone, so a new route is covered
 * the moment it is documented.
 */
export type JsonSchema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

export interface ApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface RawOperation {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: {
    name: string;
    in: 'path' | 'query' | 'header' | 'cookie';
    required?: boolean;
    schema: JsonSchema;
  }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
}

export interface Field {
  /** Where the value travels; `body` fields are the body object's top-level properties. */
  in: 'path' | 'query' | 'body';
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface Operation {
  id: string;
  method: string;
  /** The document's path, `/api/u/{userIndex}/…`. */
  path: string;
  session: boolean;
  xsrf: boolean;
  /** Another scheme than cookies (the mail server's bearer secret). */
  otherAuth: boolean;
  bodyType: 'json' | 'multipart' | null;
  /** The body's schema when it is not an object of named fields (or absent). */
  bodySchema: JsonSchema | null;
  fields: Field[];
  documentedStatuses: number[];
}

export function operationsOf(document: ApiDocument): Operation[] {
  const resolve = resolverOf(document);
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, raw]) => {
      const schemes = (raw.security ?? []).flatMap((r) => Object.keys(r));
      const [bodyMedia, bodyContent] = Object.entries(raw.requestBody?.content ?? {})[0] ?? [];
      const bodySchema = bodyContent ? resolve(bodyContent.schema) : null;
      const params: Field[] = (raw.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => ({
          in: p.in as 'path' | 'query',
          name: p.name,
          schema: p.schema,
          required: !!p.required,
        }));
      const bodyFields: Field[] = Object.entries(bodySchema?.properties ?? {}).map(([name, schema]) => ({
        in: 'body',
        name,
        schema,
        required: bodySchema?.required?.includes(name) ?? false,
      }));
      return {
        id: raw.operationId,
        method: method.toUpperCase(),
        path,
        session: schemes.includes('session'),
        xsrf: schemes.includes('xsrf'),
        otherAuth: schemes.some((s) => s !== 'session' && s !== 'xsrf'),
        bodyType: bodyMedia === undefined ? null : bodyMedia.includes('multipart') ? 'multipart' : 'json',
        bodySchema,
        fields: [...params, ...bodyFields],
        documentedStatuses: Object.keys(raw.responses).map(Number),
      } satisfies Operation;
    }),
  );
}

export function resolverOf(document: ApiDocument): (schema: JsonSchema) => JsonSchema {
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const id = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[id];
    if (!target) throw new Error(`unresolved ${schema.$ref}`);
    return resolve(target);
  };
  return resolve;
}

/** Values that satisfy the common patterns of the API (ids, numbers, part numbers, languages). */
const patternCandidates = [
  ...['1', '0', 'a', 'en', 'x1', '1.1', 'INBOX', 'abc', 'A1', 'vcf', 'csv'],
  ...['0', 'a', 'A', 'x'].flatMap((c) => Array.from({ length: 40 }, (_, n) => c.repeat(n + 1))),
];

function sampleString(s: JsonSchema): string {
  switch (s.format) {
    case 'email':
      return 'matrix@example.test';
    case 'uri':
    case 'url':
      return 'https://example.test/';
    case 'date-time':
      return '2026-01-01T00:00:00.000Z';
    case 'date':
      return '2026-01-01';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
  }
  if (s.pattern) {
    const re = new RegExp(s.pattern, 'u');
    const hit = patternCandidates.find((c) => re.test(c) && c.length >= (s.minLength ?? 0));
    if (hit) return hit;
  }
  const length = Math.min(Math.max(1, s.minLength ?? 1), s.maxLength ?? 1);
  return 'm'.repeat(length);
}

/** A small value the schema accepts: required properties only, lower bounds, first enum member. */
export function sampleOf(document: ApiDocument, schema: JsonSchema): unknown {
  const s = resolverOf(document)(schema);
  if ('const' in s) return s.const;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.enum) return s.enum[0];
  const options = s.anyOf ?? s.oneOf;
  // Null where allowed: the smallest value, and it keeps clear of cross-field rules (start before end).
  if (options?.some((o) => o.type === 'null')) return null;
  if (options) return sampleOf(document, options[0]!);
  if (s.allOf) {
    return Object.assign({}, ...s.allOf.map((part) => sampleOf(document, part) as object));
  }
  if (Array.isArray(s.type) && s.type.includes('null')) return null;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sampleOf(document, s.items ?? {}));
    default: {
      const out: Record<string, unknown> = {};
      for (const name of s.required ?? []) out[name] = sampleOf(document, s.properties?.[name] ?? {});
      return out;
    }
  }
}
