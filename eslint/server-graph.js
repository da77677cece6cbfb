// The server's layers and feature graph, checked by ESLint (import-x) so that a wrong import fails `npm test`.
//
//   infra/  (config, database, HTTP, session layer, event bus, jobs)  imports nothing of ours above it
//   mail/   (IMAP, SMTP, MIME, the per-request mail session)          imports infra only
//   features/<f>/                                                      import infra, mail, and down the graph:
//
//   upgrade (the plan switches every gated feature asks)
//     <  auth, health, translations, image-proxy, signatures  <  mailboxes  <  messages, reading
//     <  compose, search, filters, contacts, settings, security, feedback, unsubscribe, snooze  <  events
//
// A feature may import a lower feature's service (`<f>.service.ts`) and nothing else of it (never a repository,
// a route or a helper); features on one level never import each other. `app.ts` (with its `app-*.ts` parts)
// and `core.ts` compose them all.
//
// Only mail/ speaks IMAP: nothing else imports `imapflow` (features get `MailFolder`/`MailConnection` objects from
// `MailSession`, whose every call throws on a refusal), nor the module that turns those objects back into the
// imapflow connection (`mail/imap/imap-handle.ts`).
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { serverTiers } from './feature-graph.js';

const src = 'packages/server/src';
const levels = serverTiers;
const levelOf = new Map(levels.flatMap((names, level) => names.map((name) => [name, level])));
const features = [...levelOf.keys()];

function featureZones() {
  const zones = [];
  for (const target of features) {
    for (const from of features) {
      if (from === target) continue;
      const lower = levelOf.get(from) < levelOf.get(target);
      zones.push({
        target: `${src}/features/${target}/**`,
        from: `${src}/features/${from}/**`,
        ...(lower ? { except: [`**/features/${from}/*.service.ts`] } : {}),
        message: lower
          ? `features/${target} may use only the service of features/${from} (the feature graph).`
          : `features/${target} may not import features/${from}: it is not below it in the feature graph.`,
      });
    }
  }
  return zones;
}

const imapOutsideMail = {
  files: [`${src}/**/*.ts`],
  ignores: [`${src}/mail/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: 'imapflow',
            message:
              'Only packages/server/src/mail/ speaks IMAP: use MailSession (inFolder/inPath give a MailFolder, connection() a MailConnection).',
          },
        ],
        patterns: [
          {
            group: ['imapflow/*'],
            message: 'imapflow internals are for packages/server/src/mail/ only.',
          },
          {
            group: ['**/mail/imap/imap-handle.js'],
            message: 'The imapflow connection behind a MailFolder/MailConnection is for mail/ only.',
          },
        ],
      },
    ],
  },
};

export default [
  {
    files: [`${src}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle must parse the imported files too: without these it silently sees no imports in them.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'packages/server/tsconfig.json' }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${src}/infra/**`,
              from: [`${src}/features/**`, `${src}/mail/**`, `${src}/{app,app-*,core}.ts`],
              message:
                'infra/ is the bottom layer: it imports no feature, no mail code and no composition root.',
            },
            {
              target: `${src}/mail/**`,
              from: [`${src}/features/**`, `${src}/{app,app-*,core}.ts`],
              message: 'mail/ imports infra/ only, never a feature.',
            },
            {
              target: `${src}/features/**`,
              from: [`${src}/{app,app-*,core}.ts`],
              message: 'Features receive what they need from the composition root; they never import it.',
            },
            ...featureZones(),
          ],
        },
      ],
    },
  },
  imapOutsideMail,
];
