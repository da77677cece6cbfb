import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCompressedCopies } from './precompress.ts';

/**
 * After `vite build --manifest`: writes `dist/sign-in.html`, the app's index.html with the sign-in page's route
 * chunks asked for by the page itself (`<link rel="modulepreload">`). The server sends it for the sign-in page and
 * for `/` without a session (packages/server/src/infra/spa.ts); every other page gets index.html.
 *
 * Why: the router asks for a page's chunks only once the entry has run (`preloadRouteChunks` in main.tsx), after the
 * 160 KB framework chunk has come and been evaluated. The app's first render then shows the loading spinner (the
 * first contentful paint) and the page itself a round trip and the chunks' download later: on a phone over slow 4G,
 * Lighthouse's LCP came ~1.1 s after its FCP. Asked for by the page, the chunks download beside the framework.
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

function main() {
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
  if (!indexHtml.includes('</head>')) throw new Error('sign-in-page: index.html has no </head>');
  const signInHtml = indexHtml.replace('</head>', `\n${preloads}  </head>`);
  const signInFile = path.join(distDir, 'sign-in.html');
  writeFileSync(signInFile, signInHtml);
  writeCompressedCopies(signInFile);
  rmSync(manifestDir, { recursive: true, force: true });
  process.stdout.write(`sign-in-page: dist/sign-in.html preloads ${preloaded.join(', ')}\n`);
}

main();
