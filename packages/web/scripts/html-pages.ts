import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawnPage } from '../src/app/drawn-sign-in-page.ts';
import { mailboxGroup } from './chunk-groups.ts';
import { writeCompressedCopies } from './precompress.ts';
import type { drawSignInPage, SignInDrawing } from './sign-in-drawing.tsx';
import { startingAfterPaint, startScript, startScriptFile } from './start-after-paint.ts';

/**
 * After `vite build --manifest`: the app's HTML pages as the server sends them (packages/server/src/infra/spa.ts).
 * - Every page asks for the app's modules once it has been painted (`start-after-paint.ts`), not by its markup.
 * - `sign-in-plain.html` (the sign-in page, and `/` without a session): index.html with the sign-in page's route
 *   chunks asked for by the page itself. Without them the router asks for a page's chunks only once the entry has
 *   run, after the 160 KB framework chunk has come and been evaluated: a round trip and a download later on a phone.
 * - `sign-in.html`: the same, with the page drawn in its HTML (scripts/sign-in-drawing.tsx renders the app's own
 *   components), for a deployment whose sign-in page is the built-in form alone. Before, the first paint was the
 *   loading spinner and the page came ~1 s of a phone's main-thread work later (Lighthouse mobile: FCP 2.7 s, LCP
 *   3.2-3.4 s); drawn, both are the HTML's own paint. The drawing is inert and hidden from assistive technology,
 *   an inline check hides it where the app would draw the page otherwise (another language or look), and the app
 *   replaces it with its first render (main.tsx waits for the router so that render is the page, not the spinner).
 *
 * The build's manifest names each route's chunk and the shared chunks it imports; those index.html already preloads
 * (the entry's own imports) are left out. The manifest is deleted afterwards: nothing serves it.
 *
 * The translation catalogues are not preloaded: tried (fi and en, `<link rel="preload" as="fetch">`), Lighthouse's
 * mobile LCP on a quiet machine was 3.6-3.7 s with them and 3.1-3.4 s without (they compete with the chunks on slow
 * 4G), and a visitor who chose another language would fetch the default language's for nothing.
 */
const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const manifestDir = path.join(distDir, '.vite');

/** The sign-in page's route modules (src/app/routes/auth-area.routes.tsx: the area's layout and the password page). */
const signInRouteModules = ['src/layouts/auth/auth-layout.tsx', 'src/app/routes/password-login.route.tsx'];

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The files of a chunk and of every chunk it imports statically. */
function filesOf(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`html-pages: ${key} is not in the build's manifest`);
  if (chunk.css?.length)
    throw new Error(`html-pages: ${key} has CSS (${chunk.css.join(', ')}); preload it too`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, into);
  return into;
}

/**
 * The entry's steps (main.tsx imports the API's schemas, then the app's modules, each in a task of its own) with
 * the chunks they import: Vite preloads only the entry's static imports, and the page wants them all at once.
 */
function entryStepFiles(manifest: Manifest): Set<string> {
  // The entry's own static imports run in its task: an app module among them puts its group's chunk there, and the
  // whole app with it (scripts/chunk-groups.ts), silently undoing the steps.
  const entryImports = manifest['index.html']?.imports ?? [];
  const beyondFramework = entryImports.filter((key) => !/^_(framework|rolldown-runtime)-/.test(key));
  if (beyondFramework.length)
    throw new Error(
      `html-pages: main.tsx imports more than the framework statically: ${beyondFramework.join(', ')}`,
    );
  const files = new Set<string>();
  for (const step of manifest['index.html']?.dynamicImports ?? []) filesOf(manifest, step, files);
  return files;
}

/** The built index.html with `files` preloaded after Vite's own preloads. */
function withPreloads(html: string, files: Iterable<string>): string {
  const links = [...files]
    .filter((file) => !html.includes(`href="/${file}"`))
    .map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  const lastPreload = html.lastIndexOf('<link rel="modulepreload"');
  if (lastPreload < 0) throw new Error('html-pages: index.html has no modulepreload');
  const end = html.indexOf('>', lastPreload) + 1;
  return html.slice(0, end) + links + html.slice(end);
}

/** The drawing's own rules: the drawing hides the spinner, and the check's class hides the drawing. */
const { id, hiddenClass } = drawnPage;
const drawingStyle = `    <style>
      html:not(.${hiddenClass}) #${id} + #boot {
        display: none;
      }
      .${hiddenClass} #${id} {
        display: none;
      }
    </style>
`;

/** The drawing, rendered by the app's own modules through Vite's SSR loader (production React, no dev labels). */
async function loadDrawing(): Promise<SignInDrawing> {
  process.env.NODE_ENV = 'production';
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: fileURLToPath(new URL('..', import.meta.url)),
    mode: 'production',
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const drawing = (await vite.ssrLoadModule('/scripts/sign-in-drawing.tsx')) as {
      drawSignInPage: typeof drawSignInPage;
    };
    return await drawing.drawSignInPage();
  } finally {
    await vite.close();
  }
}

function writeFile(name: string, text: string) {
  const file = path.join(distDir, name);
  writeFileSync(file, text);
  writeCompressedCopies(file);
}

/** index.html's root, which the app renders into, and in it the loading spinner shown until then. */
const bootRoot = ['<div id="root">', '<div id="boot">'];

/**
 * The boot screen with the product mark beside its spinner: the favicon's own drawing, inline, so the page's first
 * paint comes with its HTML (before it, a phone showed only the spinner, no contentful paint, until the app's first
 * render). Decorative: hidden from assistive technology.
 */
function withBootMark(html: string): string {
  const mark = readFileSync(path.join(distDir, 'favicon.svg'), 'utf8')
    .trim()
    .replace('<svg ', '<svg aria-hidden="true" focusable="false" ');
  return html.replace('<div id="boot"></div>', `<div id="boot">${mark}</div>`);
}

/** The sign-in page drawn: `#root` holds the drawing before the spinner, the head the check that may hide it. */
function withDrawing(plainHtml: string, drawing: SignInDrawing): string {
  return plainHtml
    .replace('<title>Webmail</title>', `<title>${escapeHtml(drawing.title)}</title>`)
    .replace('</head>', `${drawingStyle}    <script>\n${drawing.check}\n    </script>\n  </head>`)
    .replace(
      '<div id="root">',
      `<div id="root"><div id="${id}" inert aria-hidden="true">${drawing.html}</div>`,
    );
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function main() {
  const manifestFile = path.join(manifestDir, 'manifest.json');
  if (!existsSync(manifestFile))
    throw new Error('html-pages: no build manifest (run `vite build --manifest`)');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const stepFiles = entryStepFiles(manifest);
  const alreadyLoaded = new Set([...filesOf(manifest, 'index.html'), ...stepFiles]);
  const routeFiles = new Set(signInRouteModules.flatMap((module) => [...filesOf(manifest, module)]));
  const preloaded = [...routeFiles].filter((file) => !alreadyLoaded.has(file));
  // The mailbox group's chunk: what a user's home runs on the way to the Inbox (scripts/chunk-groups.ts).
  const mailboxChunk = Object.entries(manifest).find(
    ([, chunk]) => chunk.name === mailboxGroup && !chunk.src,
  );
  if (!mailboxChunk) throw new Error(`html-pages: no ${mailboxGroup} chunk in the build's manifest`);
  const homeFiles = filesOf(manifest, mailboxChunk[0]);
  const homePreloads = [...homeFiles].filter((file) => !alreadyLoaded.has(file));
  const preloads = preloaded
    .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
    .join('');

  const builtHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  for (const part of ['</head>', '<title>Webmail</title>', '<div id="boot"></div>', ...bootRoot])
    if (!builtHtml.includes(part)) throw new Error(`html-pages: index.html has no ${part}`);
  const indexHtml = withBootMark(withPreloads(builtHtml, stepFiles));
  const plainHtml = indexHtml.replace('</head>', `\n${preloads}  </head>`);
  const drawnHtml = withDrawing(plainHtml, await loadDrawing());

  writeFile(startScriptFile, startScript);
  writeFile('index.html', startingAfterPaint(indexHtml, homePreloads));
  writeFile('sign-in-plain.html', startingAfterPaint(plainHtml));
  writeFile('sign-in.html', startingAfterPaint(drawnHtml));
  rmSync(manifestDir, { recursive: true, force: true });
  process.stdout.write(
    `html-pages: the pages start the app after their first paint (${startScriptFile}); dist/sign-in.html ` +
      `(drawn, ${Math.round(drawnHtml.length / 1024)} KB) and dist/sign-in-plain.html also load ${preloaded.join(', ')}; ` +
      `a user's home ${homePreloads.join(', ')}\n`,
  );
}

await main();
