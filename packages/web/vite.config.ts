import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups } from './scripts/chunk-groups.ts';
import { lazyMuiLocaleNumbers } from './scripts/lazy-mui-locale-numbers.ts';
import { precompress } from './scripts/precompress.ts';
import { reactRouterProduction } from './scripts/react-router-production.ts';
import { thirdPartyLicenses } from './scripts/third-party-licenses.ts';
import { runtimeCacheNames } from './src/app/pwa/runtime-caches.ts';

/**
 * `@webmail/contracts` is consumed as TypeScript source (no build step in dev): the alias points at its entry,
 * which also makes Vitest (sharing `resolve` through vitest.config.ts) see the same module.
 */
export const contractsEntry = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));

/**
 * The build's id: `WEBMAIL_BUILD_ID` when the deployment sets one, else the package version and the commit. It
 * is in the bundle (so a new commit is a new service worker) and marks the offline copy, which another build
 * does not restore.
 */
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

function buildId(): string {
  if (process.env.WEBMAIL_BUILD_ID) return process.env.WEBMAIL_BUILD_ID;
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    return `${version}+${commit}`;
  } catch {
    return version;
  }
}

/**
 * The manifest and the service worker (vite-plugin-pwa, Workbox `generateSW`; see ARCHITECTURE.md "PWA"):
 * - precache: the app shell (index.html, every JS/CSS chunk, the fonts, icons); never an API answer;
 * - navigations to the app's pages (`/`, `/u/…`, `/login…`) are answered with the precached index.html, so the
 *   shell starts offline; `/api/` is never a navigation fallback;
 * - one runtime cache: the translation catalogue, network first (3 s), for an offline start in the right
 *   language;
 * - `registerType: 'prompt'`: a new worker waits for the user's Reload (the update tooltip); the app registers it
 *   itself (`src/app/pwa/start-service-worker.ts`), so nothing is injected into index.html.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  strategies: 'generateSW',
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  // The glob below already takes every icon; listing them again would only repeat precache entries.
  includeAssets: [],
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Webmail',
    short_name: 'Webmail',
    description: 'Webmail',
    lang: 'fi',
    // `/` leads to the first signed-in user's inbox (/u/0 → its Inbox), or to the sign-in page.
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#b00e22',
    background_color: '#f6f8fc',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,woff2,svg,png}'],
    // The compose chunk (the editor) is the largest, about 0.5 MB.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackAllowlist: [/^\/$/, /^\/u(\/|$)/, /^\/login(\/|$)/],
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
    // Reload in the update tooltip sends SKIP_WAITING; nothing claims open pages by surprise.
    skipWaiting: false,
    clientsClaim: false,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/translations/'),
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: runtimeCacheNames.translations,
          networkTimeoutSeconds: 3,
          expiration: { maxEntries: 8 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
  devOptions: { enabled: false },
});

const outDir = fileURLToPath(new URL('./dist', import.meta.url));

export default defineConfig({
  plugins: [
    lazyMuiLocaleNumbers(),
    reactRouterProduction(),
    react(),
    pwa,
    thirdPartyLicenses(outDir),
    precompress(),
  ],
  define: {
    __WEBMAIL_BUILD__: JSON.stringify(buildId()),
    // The sidebar footer and the About dialog show them.
    __WEBMAIL_VERSION__: JSON.stringify(version),
    __WEBMAIL_BUILD_DATE__: JSON.stringify(new Date().toISOString()),
  },
  resolve: {
    alias: {
      '@webmail/contracts': contractsEntry,
      // Emotion inserts styles while React renders, not in the commit (the module says why).
      '@emotion/use-insertion-effect-with-fallbacks': fileURLToPath(
        new URL('./src/app/theme/emotion-insertion.ts', import.meta.url),
      ),
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    // Route chunks are split by `lazy` in the router; the sign-in page never pulls the mailbox code.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Few, bigger shared chunks, split by what the sign-in pages run (scripts/chunk-groups.ts).
        codeSplitting: {
          groups: chunkGroups(),
        },
      },
    },
  },
});
