import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCompressedCopies } from './precompress.ts';
import type { drawSignInPage, SignInDrawing } from './sign-in-drawing.tsx';

/**
 * After `vite build --manifest`: writes the sign-in page's own HTML, which the server sends for the sign-in page and
 * for `/` without a session (packages/server/src/infra/spa.ts); every other page gets index.html. Two versions:
 * - `sign-in-plain.html`: index.html with the sign-in page's route chunks asked for by the page itself
 *   (`<link rel="modulepreload">`). Without them the router asks for a page's chunks only once the entry has run,
 *   after the 160 KB framework chunk has come and been evaluated: a round trip and a download later on a phone.
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
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The files of a chunk and of every chunk it imports statically. */
function filesOf(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`sign-in-page: ${key} is not in the build's manifest`);
  if (chunk.css?.length)
    throw new Error(`sign-in-page: ${key} has CSS (${chunk.css.join(', ')}); preload it too`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, into);
  return into;
}

/** The drawing's own rules: the drawing hides the spinner, and the check's `undrawn` hides the drawing. */
const drawingStyle = `    <style>
      html:not(.undrawn) #drawn + #boot {
        display: none;
      }
      .undrawn #drawn {
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

function writePage(name: string, html: string) {
  const file = path.join(distDir, name);
  writeFileSync(file, html);
  writeCompressedCopies(file);
}

async function main() {
  const manifestFile = path.join(manifestDir, 'manifest.json');
  if (!existsSync(manifestFile))
    throw new Error('sign-in-page: no build manifest (run `vite build --manifest`)');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const alreadyLoaded = filesOf(manifest, 'index.html');
  const routeFiles = new Set(signInRouteModules.flatMap((module) => [...filesOf(manifest, module)]));
  const preloaded = [...routeFiles].filter((file) => !alreadyLoaded.has(file));
  const preloads = preloaded
    .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
    .join('');

  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  for (const part of ['</head>', '<title>Webmail</title>', bootRoot])
    if (!indexHtml.includes(part)) throw new Error(`sign-in-page: index.html has no ${part}`);
  const plainHtml = indexHtml.replace('</head>', `\n${preloads}  </head>`);
  writePage('sign-in-plain.html', plainHtml);

  const drawnHtml = drawnPage(plainHtml, await loadDrawing());
  writePage('sign-in.html', drawnHtml);
  rmSync(manifestDir, { recursive: true, force: true });
  process.stdout.write(
    `sign-in-page: dist/sign-in.html (drawn, ${Math.round(drawnHtml.length / 1024)} KB) and ` +
      `dist/sign-in-plain.html load ${preloaded.join(', ')} with the app\n`,
  );
}

/**
 * The drawn page: the plain page's `<div id="root">` holds the drawing, its head the check that may hide it, and
 * the app's scripts are asked for once the drawing is on the screen (`startAfterPaint`) instead of by the markup.
 */
function drawnPage(plainHtml: string, drawing: SignInDrawing): string {
  const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const preloads = [...plainHtml.matchAll(preloadTag)].map((match) => match[1]!);
  const entry = entryTag.exec(plainHtml)?.[1];
  if (!entry || preloads.length === 0)
    throw new Error('sign-in-page: index.html has no module script or preloads');
  const inlineScript = (text: string) => `    <script>\n${text}\n    </script>\n`;
  return plainHtml
    .replace(preloadTag, '')
    .replace(entryTag, '')
    .replace('<title>Webmail</title>', `<title>${escapeHtml(drawing.title)}</title>`)
    .replace(
      '</head>',
      `\n${drawingStyle}${inlineScript(drawing.check)}${inlineScript(startAfterPaint(preloads, entry))}  </head>`,
    )
    .replace(
      bootRoot,
      `<div id="root"><div id="drawn" inert aria-hidden="true">${drawing.html}</div><div id="boot"></div></div>`,
    );
}

/**
 * Asks for the app's modules (the same `modulepreload`s and module script as the plain page's markup) once the
 * page has been painted, or at once where nothing will be painted soon (a tab in the background) or the browser
 * cannot tell (no paint timing); after a second in any case.
 *
 * Why: with the modules asked for by the markup, they came while the page was parsed, and a browser that had them
 * ran them (the framework chunk's evaluation) before its first paint. Lighthouse's mobile model then counted the
 * 240 KB of scripts before the drawing's paint (FCP and LCP 2.5 s instead of 0.7 s in about half the runs). A
 * phone now shows the page first and asks for the scripts a frame later.
 */
function startAfterPaint(preloads: string[], entry: string): string {
  return [
    '(function () {',
    `  var preloads = ${JSON.stringify(preloads)};`,
    '  var started = false;',
    '  function start() {',
    '    if (started) return;',
    '    started = true;',
    '    preloads.forEach(function (href) {',
    "      var link = document.createElement('link');",
    "      link.rel = 'modulepreload';",
    "      link.crossOrigin = '';",
    '      link.href = href;',
    '      document.head.appendChild(link);',
    '    });',
    "    var script = document.createElement('script');",
    "    script.type = 'module';",
    "    script.crossOrigin = '';",
    `    script.src = ${JSON.stringify(entry)};`,
    '    document.head.appendChild(script);',
    '  }',
    '  var paintTiming = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes &&',
    "    PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0;",
    "  if (!paintTiming || document.visibilityState === 'hidden') return start();",
    "  new PerformanceObserver(start).observe({ type: 'paint', buffered: true });",
    "  document.addEventListener('visibilitychange', start, { once: true });",
    '  setTimeout(start, 1000);',
    '})();',
  ].join('\n');
}

/** index.html's root: the app renders into it, and until then it shows the loading spinner. */
const bootRoot = '<div id="root"><div id="boot"></div></div>';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

await main();
