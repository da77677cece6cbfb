import path from 'node:path';
import license, { type Dependency } from 'rollup-plugin-license';
import type { Plugin } from 'vite';
import type { BundledPackage } from '../src/features/about/lib/bundled-packages.ts';

/** The file the About dialog fetches (lazily, when it opens): `/licenses.json` beside index.html. */
const licensesFile = 'licenses.json';

function urlOf(dep: Dependency): string | null {
  const repo = typeof dep.repository === 'string' ? dep.repository : (dep.repository?.url ?? null);
  const url = dep.homepage ?? repo;
  if (!url) return null;
  // npm's repository forms (git+https://…, git://…, github:owner/name) as a page a browser opens.
  return url
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/^github:/, 'https://github.com/')
    .replace(/\.git$/, '');
}

/**
 * The licences of the open-source packages that end up in the bundle, generated on every build from the modules
 * rollup actually included (rollup-plugin-license reads each one's package.json and LICENSE file), so the list never
 * drifts from the dependency tree. Our own private workspace packages are left out.
 */
export function thirdPartyLicenses(outDir: string): Plugin {
  return {
    ...(license({
      thirdParty: {
        includePrivate: false,
        output: {
          file: path.join(outDir, licensesFile),
          template: (dependencies) =>
            JSON.stringify(
              dependencies
                .filter((dep) => dep.name)
                .map((dep): BundledPackage => ({
                  name: dep.name!,
                  version: dep.version ?? '',
                  license: dep.license ?? 'UNKNOWN',
                  url: urlOf(dep),
                  licenseText: dep.licenseText?.trim() || null,
                }))
                .sort((a, b) => a.name.localeCompare(b.name)),
            ),
        },
      },
    }) as Plugin),
    apply: 'build',
  };
}
