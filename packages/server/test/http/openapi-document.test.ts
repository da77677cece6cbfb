import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@webmail/contracts';
import type { EndpointDefinition } from '@webmail/contracts';
import { startServer } from '../support/harness.testing.js';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: {
    content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
  };
}

/** Every endpoint descriptor the contracts export, with the name its group gives it. */
const descriptors = Object.entries(contracts).flatMap(([group, value]) =>
  group.endsWith('Endpoints') && typeof value === 'object' && value !== null
    ? Object.entries(value as Record<string, EndpointDefinition>).map(([name, endpoint]) => ({
        group: group.slice(0, -'Endpoints'.length),
        name,
        endpoint,
      }))
    : [],
);

function documentPath(endpointPath: string): string {
  return `/api${endpointPath}`.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '');
}

/**
 * What an integrator does with the document: generate types with openapi-typescript and compile code against
 * them. The `@ts-expect-error` lines fail the compile if the generated types degrade to `any`.
 */
const clientUse = `
import type { components, operations, paths } from './api.js';

type Tree = operations['mailboxesTree']['responses'][200]['content']['application/json'];
export const folderName = (tree: Tree): string | undefined => tree.mailboxes[0]?.name;
type ErrorBody = components['schemas']['ApiError'];
export const code: ErrorBody['code'] = 'NotFound';
// @ts-expect-error: not an error code of the API
export const wrongCode: ErrorBody['code'] = 'NoSuchCode';
type Login = NonNullable<operations['authLogin']['requestBody']>['content']['application/json'];
export const login = (body: Login): string => body.email;
type Upload = operations['composeUpload']['requestBody']['content']['multipart/form-data'];
export const file = (form: Upload): unknown => form.file;
export type FolderPath = keyof paths & '/api/u/{userIndex}/mailbox/folders/{id}';
// @ts-expect-error: no such operation
export type Missing = operations['noSuchOperation'];
`;

function typecheck(dir: string): string[] {
  const program = ts.createProgram([path.join(dir, 'use.ts')], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts'],
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('The OpenAPI document', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let text: string;
  let operations: Map<string, Operation>;

  beforeAll(async () => {
    server = await startServer('sqlite');
    const res = await fetch(`${server.baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    text = await res.text();
    const paths = (JSON.parse(text) as { paths: Record<string, Record<string, Operation>> }).paths;
    operations = new Map(
      Object.entries(paths).flatMap(([p, item]) =>
        Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${p}`, op] as const),
      ),
    );
  });
  afterAll(() => server.close());

  it("is valid OpenAPI 3.1: Redocly's recommended rules find no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
    expect(errors).toEqual([]);
  });

  it('generates a typed client with openapi-typescript that compiles against its use', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wm-openapi-client-'));
    try {
      const ast = await openapiTS(JSON.parse(text) as OpenAPI3);
      writeFileSync(path.join(dir, 'api.ts'), astToString(ast));
      writeFileSync(path.join(dir, 'use.ts'), clientUse);
      expect(typecheck(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every operation after its descriptor, once', () => {
    expect(descriptors.length).toBe(operations.size);
    for (const { group, name, endpoint } of descriptors) {
      const op = operations.get(`${endpoint.method} ${documentPath(endpoint.path)}`);
      expect(op?.operationId, `${group}.${name}`).toBe(`${group}${name[0]?.toUpperCase()}${name.slice(1)}`);
    }
    const ids = [...operations.values()].map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('states what each call must carry: the session cookie, and the XSRF header on every change', () => {
    for (const { group, name, endpoint } of descriptors) {
      const op = operations.get(`${endpoint.method} ${documentPath(endpoint.path)}`);
      const schemes = (op?.security ?? []).flatMap((requirement) => Object.keys(requirement)).sort();
      const expected =
        endpoint.path === '/mail-auth/report'
          ? ['reportSecret']
          : endpoint.path === '/mail-push'
            ? ['pushSecret']
            : // The identity provider's server-to-server call: its signed logout token is the credential.
              endpoint.path === '/auth/oidc/backchannel-logout'
              ? []
              : [
                  ...(endpoint.auth === 'session' ? ['session'] : []),
                  ...(endpoint.method === 'GET' ? [] : ['xsrf']),
                ];
      expect(op?.security, `${group}.${name}`).toBeDefined();
      expect(schemes, `${group}.${name}`).toEqual(expected.sort());
    }
  });

  it('describes every multipart body: its fields and its file parts', () => {
    const multipart = descriptors.filter((d) => d.endpoint.multipart);
    expect(multipart.length).toBeGreaterThanOrEqual(7);
    for (const { group, name, endpoint } of multipart) {
      const op = operations.get(`${endpoint.method} ${documentPath(endpoint.path)}`);
      const schema = op?.requestBody?.content['multipart/form-data']?.schema;
      expect(schema, `${group}.${name}`).toBeDefined();
      const fields = Object.keys(
        endpoint.body && 'shape' in endpoint.body ? (endpoint.body.shape as object) : {},
      );
      const files = Object.entries(endpoint.files ?? {});
      expect(files.length, `${group}.${name} names its file parts`).toBeGreaterThan(0);
      for (const field of fields) expect(schema?.properties, `${group}.${name}`).toHaveProperty(field);
      for (const [file, presence] of files) {
        expect(schema?.properties?.[file], `${group}.${name} ${file}`).toMatchObject({ format: 'binary' });
        expect(schema?.required?.includes(file) ?? false, `${group}.${name} ${file}`).toBe(
          presence === 'required',
        );
      }
    }
  });
});
