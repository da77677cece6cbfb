import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every API call is built from an endpoint descriptor (`callApi`, `endpointUrl`): no file outside `shared/api`
 * writes an API path. The lint rule forbids the path-string functions; this test catches a path written by hand
 * and handed to anything else (`fetch`, an `<a href>`).
 */
const sources = import.meta.glob<string>('/src/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const allowed = (file: string) =>
  file.startsWith('/src/shared/api/') ||
  file.startsWith('/src/test/') ||
  /\.test\.tsx?$|\.testing\.tsx?$|\.d\.ts$/.test(file);

/** Paths the server answers under `/api`; the app's own pages (`/u/{i}/{mailboxId}`, `/login`…) are not among them. */
const apiPath = new RegExp(
  [
    String.raw`^/api(/|$)`,
    String.raw`^/(auth|translations|proxy)(/|$)`,
    String.raw`/u/[^/]+/(mailbox|details|settings/externalContent|compose/(drafts|attachments|send|outbox|replyTo))(/|$)`,
  ].join('|'),
);

/** The text of every string and template literal of a file (`${…}` standing for each substitution). */
function literals(file: string, text: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      found.push(node.head.text + node.templateSpans.map((span) => '${…}' + span.literal.text).join(''));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('API calls', () => {
  it('scans the app', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it('has no API path written by hand outside shared/api', () => {
    const offenders = Object.entries(sources)
      .filter(([file]) => !allowed(file))
      .flatMap(([file, text]) =>
        literals(file, text)
          .filter((literal) => apiPath.test(literal))
          .map((literal) => `${file}: ${literal}`),
      );
    expect(offenders).toEqual([]);
  });

  it('recognises the API paths it looks for, and not the app’s own pages', () => {
    const api = ['/api/u/0/mailbox', '/auth/me', '/u/${…}/mailbox/${…}/messages', '/u/${…}/compose/drafts/x'];
    const pages = ['/u/${…}/${…}', '/u/${…}/compose/${…}', '/u/${…}/settings/security/content', '/login'];
    expect(api.filter((path) => !apiPath.test(path))).toEqual([]);
    expect(pages.filter((path) => apiPath.test(path))).toEqual([]);
  });
});
