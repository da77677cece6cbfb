import { fileURLToPath } from 'node:url';

/** The part of the bundler's module graph the groups read (rolldown's `ChunkingContext`). */
interface ModuleGraph {
  getModuleInfo(
    moduleId: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

const source = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));
/**
 * The entry's steps, each evaluated in a task of its own (main.tsx): the API's schemas in two steps, the common ones
 * (`app/common-schemas.ts`, zod's slowest, its code still cold) and the endpoints' (`app/api-schemas.ts`), then the
 * app (`app/start-app.tsx`). A schema step's group takes the contract modules it imports that no step before it took
 * (zod builds a schema as its module runs); those only the app imports go with the app's group.
 */
const schemaSteps = [
  { group: 'common-schemas', module: source('app/common-schemas.ts') },
  { group: 'api-schemas', module: source('app/api-schemas.ts') },
];
const entry = [source('main.tsx'), ...schemaSteps.map((step) => step.module), source('app/start-app.tsx')];
/** The entry and its schema steps stay out of the app's group: in it, the first step would run the others' modules. */
const entrySteps = new Set(entry.slice(0, -1));
const signInPage = [source('layouts/auth/auth-layout.tsx'), source('app/routes/password-login.route.tsx')];
/**
 * What a signed-in user's first load imports beside the entry: the mail area's layout, the Inbox redirect, the
 * list, and the first requests (`app/routes/preload-mail-area.ts`, `app/preload-route-chunks.ts`).
 */
const mailboxStart = [
  source('layouts/base/base-layout.tsx'),
  source('app/routes/inbox-redirect.route.tsx'),
  source('app/routes/mailbox.route.tsx'),
  source('app/routes/prefetch-user-pages-data.ts'),
];

/** The group of what the mailbox's first load adds (`mailboxStart`); index.html asks for it on a user's home. */
export const mailboxGroup = 'mailbox';

const framework =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|zod|@emotion|stylis|@mui[\\/](system|utils|styled-engine|private-theming)|@babel[\\/]runtime|clsx|react-is|prop-types|hoist-non-react-statics|react-transition-group)[\\/]/;
/** Vite's helper that preloads a dynamic import's chunks: the entry calls it before the app's modules run. */
const preloadHelper = /^\0vite[\\/]preload-helper/;
const mui = /node_modules[\\/]@mui[\\/]/;
const app = /packages[\\/]web[\\/]src[\\/]/;
const contracts = /packages[\\/]contracts[\\/]/;

/** What the first load of a signed-out visitor runs: the entry's modules, and those only the sign-in pages add. */
interface SignInModules {
  entry: Set<string>;
  pages: Set<string>;
  /** What the mailbox's first load adds to the entry's and the sign-in page's. */
  mailbox: Set<string>;
}

const signInSets = new WeakMap<ModuleGraph, SignInModules>();

/** `roots` and every module they import statically. */
function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

function signInModules(graph: ModuleGraph): SignInModules {
  const known = signInSets.get(graph);
  if (known) return known;
  const entryModules = staticClosure(graph, entry);
  const pageModules = staticClosure(graph, signInPage);
  for (const id of entryModules) pageModules.delete(id);
  const mailboxModules = staticClosure(graph, mailboxStart);
  for (const id of entryModules) mailboxModules.delete(id);
  for (const id of pageModules) mailboxModules.delete(id);
  const sets = { entry: entryModules, pages: pageModules, mailbox: mailboxModules };
  signInSets.set(graph, sets);
  return sets;
}

/** A module the entry runs, other than the framework and the contracts (see `chunkGroups`). */
function entryModule(id: string, graph: ModuleGraph): boolean {
  return (
    !contracts.test(id) && !framework.test(id) && !entrySteps.has(id) && signInModules(graph).entry.has(id)
  );
}

/** A module the sign-in page adds to the entry's, other than the contracts. */
function signInPageModule(id: string, graph: ModuleGraph): boolean {
  return !contracts.test(id) && signInModules(graph).pages.has(id);
}

/** A module the mailbox's first load adds to the entry's and the sign-in page's, other than the framework. */
function mailboxModule(id: string, graph: ModuleGraph): boolean {
  return !framework.test(id) && signInModules(graph).mailbox.has(id);
}

/**
 * The bundler's chunk groups (`build.rolldownOptions.output.codeSplitting.groups`). Left alone, the bundler made
 * ~140 small shared chunks for the mailbox (each a request with its own headers and its own compression window).
 * These groups make a few bigger ones (bench:page-weight):
 * - framework: what every page runs before any screen (React, the router, TanStack Query, i18next, zod for the
 *   contract checks, MUI's styling engine);
 * - common-schemas and api-schemas: the API's schemas the entry runs (zod builds them as their modules run), each
 *   evaluated in a task of its own between the framework's and the app's (main.tsx, `schemaSteps`);
 * - ui-common and app-common: the rest of what the entry runs (MUI components; app modules and other libraries);
 *   sign-in: what the password page and the sign-in layout add to it and share with another chunk;
 * - ui-mail and mail-common: MUI components and app modules that at least 8 chunks of the signed-in pages share;
 * - mailbox: the rest of what the mailbox's first load runs (the mail area's layout, the Inbox redirect, the list,
 *   the first requests). Split by the bundler alone they were ~70 chunks of 1–3 KB, and a phone on HTTP/1.1 (six
 *   connections) fetched them in a dozen round trips before the first render.
 *   The rest stays with the route or dialog that uses it.
 * A group takes the modules its own modules import (the bundler's default, which keeps chunks from importing each
 * other in circles), so the sign-in groups come first: with one group for all shared modules, the sign-in page ran
 * every shared MUI component and every API schema of the mailbox pages at start. The API's schemas
 * (packages/contracts) the entry does not run go with the first group whose modules use them, else with the pages
 * that use them (its `sideEffects: false`).
 */
export function chunkGroups() {
  return [
    {
      debugName: 'framework',
      name: (id: string) => (framework.test(id) || preloadHelper.test(id) ? 'framework' : null),
      priority: 7,
    },
    ...schemaSteps.map((step, index) => ({
      name: step.group,
      test: (id: string) => id === step.module,
      priority: 6 - index / schemaSteps.length,
    })),
    {
      debugName: 'ui-common',
      name: (id: string, graph: ModuleGraph) => (mui.test(id) && entryModule(id, graph) ? 'ui-common' : null),
      priority: 5,
    },
    {
      debugName: 'app-common',
      name: (id: string, graph: ModuleGraph) => (entryModule(id, graph) ? 'app-common' : null),
      priority: 4,
    },
    {
      debugName: 'sign-in',
      name: (id: string, graph: ModuleGraph) => (signInPageModule(id, graph) ? 'sign-in' : null),
      minShareCount: 2,
      priority: 3,
    },
    { name: 'ui-mail', test: mui, minShareCount: 8, priority: 2 },
    { name: 'mail-common', test: app, minShareCount: 8, priority: 1 },
    {
      debugName: mailboxGroup,
      name: (id: string, graph: ModuleGraph) => (mailboxModule(id, graph) ? mailboxGroup : null),
      priority: 0,
    },
  ];
}
