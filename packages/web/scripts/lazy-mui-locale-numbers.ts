import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const replacement = fileURLToPath(new URL('../src/app/theme/lazy-format-number.ts', import.meta.url));
const muiLocale = /[\\/]@mui[\\/]material[\\/]locale[\\/]/;

/**
 * Resolves the import of `./utils/buildFormatNumber.mjs` by MUI's locale modules to
 * `src/app/theme/lazy-format-number.ts`, which makes each locale's `Intl.NumberFormat` on first use rather than
 * when the module loads (see there).
 */
export function lazyMuiLocaleNumbers(): Plugin {
  return {
    name: 'webmail-lazy-mui-locale-numbers',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        importer &&
        muiLocale.test(importer) &&
        /^\.\/utils\/buildFormatNumber(\.mjs|\.js)?$/.test(source)
      ) {
        return replacement;
      }
      return null;
    },
  };
}
