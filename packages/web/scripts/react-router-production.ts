import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router's production build for the app's bundle. The package's exports name only its development build
 * (`dist/development`, with its checks and warnings); React Router's own Vite plugin, for its framework mode, swaps
 * in `dist/production` when building, and this app uses the data router without that plugin. Tests and the dev
 * server keep the development build and its warnings.
 */
export function reactRouterProduction(): Plugin {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  const production = path.join(packageDir, 'dist', 'production', 'index.mjs');
  return {
    name: 'webmail-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? production : null;
    },
  };
}
