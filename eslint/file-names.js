// File and folder names outside the web app (its own rules are in web-graph.js): kebab-case, with the role as a
// middle extension where the file has one (`folders.service.ts`, `auth.routes.ts`, `drafts.repository.ts`,
// `compose.module.ts`, `compose.tables.ts`, `auth.test.ts`, `harness.testing.ts`, `mail-session.ts`).
import checkFile from 'eslint-plugin-check-file';

export default [
  {
    files: ['packages/{server,contracts}/**/*.ts', 'mailstack/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.ts': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
      // An index is a barrel; the apps have none (the libraries (contracts, mailstack) have their one entry).
      'check-file/no-index': ['error', { ignoreMiddleExtensions: true }],
    },
  },
  {
    // Libraries have one entry each.
    files: ['packages/contracts/src/index.ts', 'mailstack/src/index.ts'],
    rules: { 'check-file/no-index': 'off' },
  },
];
