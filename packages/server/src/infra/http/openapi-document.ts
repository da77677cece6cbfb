import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as contracts from '@webmail/contracts';
import type { EndpointDefinition } from '@webmail/contracts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart route's form, for the document only: the route reads its parts itself, so the form must not
     * be the validated `body`.
     */
    multipartForm?: z.ZodType;
  }
}

export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

/**
 * Each descriptor's operationId is its place in the contracts: `mailboxesEndpoints.tree` → `mailboxesTree`.
 * Read from the package's exports, so a new endpoint group needs no list kept here; the names are what the
 * web already calls them, unique and stable as long as the contracts are.
 */
const operationIds = new Map<unknown, string>();
for (const [exportName, group] of Object.entries(contracts)) {
  if (!exportName.endsWith('Endpoints') || typeof group !== 'object' || group === null) continue;
  const prefix = exportName.slice(0, -'Endpoints'.length);
  for (const [name, endpoint] of Object.entries(group)) {
    operationIds.set(endpoint, `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}`);
  }
}

/** The descriptor's name, if an exported `*Endpoints` group holds it (every `/api` route's must: see http-server). */
export function operationIdOf(endpoint: EndpointDefinition): string | undefined {
  return operationIds.get(endpoint);
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a call must carry, as the route hooks check it: a `session` route the account's session cookie; every
 * state-changing call the XSRF header (public ones too: sign-in), unless the route takes no cookie at all.
 */
export function securityOf(endpoint: EndpointDefinition, xsrfChecked: boolean): SecurityRequirement[] {
  const requirement: Record<string, string[]> = {};
  if (endpoint.auth === 'session') requirement.session = [];
  if (xsrfChecked && !safeMethods.has(endpoint.method)) requirement.xsrf = [];
  return Object.keys(requirement).length > 0 ? [requirement] : [];
}

/** A multipart endpoint's form: its documented fields plus one binary part per file field. */
export function multipartFormOf(endpoint: EndpointDefinition): z.ZodType {
  const files = Object.fromEntries(
    Object.entries(endpoint.files ?? {}).map(([name, presence]) => [
      name,
      presence === 'required' ? z.file() : z.file().optional(),
    ]),
  );
  return endpoint.body instanceof z.ZodObject ? endpoint.body.safeExtend(files) : z.object(files);
}

const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'wm_at_{userIndex}',
    description:
      'The session of the account slot named by `userIndex` (path or query), set by sign-in and renewed by ' +
      '`POST /api/auth/refresh`; another slot’s cookies never authorize a call.',
  },
  xsrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description:
      'The value of the `XSRF-TOKEN` cookie (set by `GET /api/`), valid with the device cookie it was issued ' +
      'for; required on every call but GET/HEAD/OPTIONS, a missing or stale one answers 419.',
  },
  reportSecret: {
    type: 'http',
    scheme: 'bearer',
    description: 'The mail server’s report secret (`MAIL_AUTH_REPORT_SECRET`).',
  },
  pushSecret: {
    type: 'http',
    scheme: 'bearer',
    description: 'The mail server’s push secret (`MAIL_PUSH_SECRET`).',
  },
} as const;

/** Schema ids a document refers to, directly or through other components. */
function referencedComponents(paths: unknown, schemas: Record<string, unknown>): Set<string> {
  const seen = new Set<string>();
  const pending = [paths];
  while (pending.length > 0) {
    const text = JSON.stringify(pending.pop());
    for (const [, id] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (id === undefined || seen.has(id)) continue;
      seen.add(id);
      pending.push(schemas[id]);
    }
  }
  return seen;
}

/**
 * The registered zod schemas (`.meta({ id })`) become `components.schemas`, each in an input and an output
 * variant; only those the paths use are kept.
 */
const transformObject: FastifyDynamicSwaggerOptions['transformObject'] = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    paths?: unknown;
    components: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components.schemas ?? {};
  const used = referencedComponents(document.paths, schemas);
  document.components.schemas = Object.fromEntries(Object.entries(schemas).filter(([id]) => used.has(id)));
  return document as ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>;
};

/**
 * A multipart route's form is documented as its body (with `consumes`), where the route itself has none.
 * The root of `/api` answers with and without the slash (Fastify's prefix root); the document names it without.
 */
const transform: FastifyDynamicSwaggerOptions['transform'] = (input) => {
  const { multipartForm, ...schema } = input.schema ?? {};
  const url = input.url === '/api/' ? '/api' : input.url;
  return jsonSchemaTransform({
    ...input,
    url,
    schema: multipartForm ? { ...schema, body: multipartForm } : schema,
  });
};

/** The options of `@fastify/swagger`: an OpenAPI 3.1 document of every route, served at `/api/openapi.json`. */
export function openApiOptions(version: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Webmail API', version, license: { name: 'MIT', identifier: 'MIT' } },
      servers: [{ url: '/' }],
      components: { securitySchemes },
    },
    transform,
    transformObject,
  };
}
