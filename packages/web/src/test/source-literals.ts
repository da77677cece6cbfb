import ts from 'typescript';

/** Every source file of the app (`/src/…` → text), for tests that check how the code is written. */
export const appSources = import.meta.glob<string>('/src/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Tests, test builders and test setup may write any path: they describe what the server and browser see. */
export const isTestFile = (file: string) =>
  file.startsWith('/src/test/') || /\.test\.tsx?$|\.testing\.tsx?$|\.d\.ts$/.test(file);

/** The text of every string and template literal of a file (`${…}` standing for each substitution). */
export function literals(file: string, text: string): string[] {
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

/** `file: literal` for every literal matching `pattern` in the files `include` selects. */
export function literalsMatching(pattern: RegExp, include: (file: string) => boolean): string[] {
  return Object.entries(appSources)
    .filter(([file]) => include(file))
    .flatMap(([file, text]) =>
      literals(file, text)
        .filter((literal) => pattern.test(literal))
        .map((literal) => `${file}: ${literal}`),
    );
}
