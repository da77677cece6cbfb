import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import { webTiers } from './feature-graph.js';

/**
 * The web app's structure, checked by lint (see packages/web/ARCHITECTURE.md "Feature graph"):
 * - features import each other only down the graph, and only a feature's public surface;
 * - no import cycles;
 * - API calls go through endpoint descriptors (`callApi`, `endpointUrl`), never a path string;
 * - file and folder names are kebab-case, tests `*.test.ts(x)`, test-data builders `*.testing.ts`, no index files.
 */
const web = 'packages/web/src';

/**
 * The feature graph (`feature-graph.js`), lowest first. A feature may import the features of lower tiers, never its
 * own tier's (except where `within` says so) nor a higher one.
 */
const featureTiers = webTiers;

/** Imports allowed inside one tier: `[importer, imported]`. Accounts are the device's list of signed-in users. */
const within = [['accounts', 'auth']];

/** Folders of a feature that others may import: its API (keys, cache functions, query/mutation hooks) and components. */
const publicFolders = ['api', 'components'];

const features = featureTiers.flat();
const tierOf = (feature) => featureTiers.findIndex((tier) => tier.includes(feature));
const mayImport = (importer, imported) =>
  tierOf(imported) < tierOf(importer) || within.some(([a, b]) => a === importer && b === imported);

/** One zone per feature: the features it must not import at all, and the internals of those it may. */
function graphZones() {
  return features.flatMap((feature) => {
    const others = features.filter((other) => other !== feature);
    const above = others.filter((other) => !mayImport(feature, other));
    const below = others.filter((other) => mayImport(feature, other));
    const zones = [];
    if (above.length > 0) {
      zones.push({
        target: `./${web}/features/${feature}`,
        from: above.map((other) => `./${web}/features/${other}`),
        message: `"${feature}" may import only features below it in the graph (packages/web/ARCHITECTURE.md).`,
      });
    }
    for (const other of below) {
      zones.push({
        target: `./${web}/features/${feature}`,
        from: `./${web}/features/${other}`,
        except: publicFolders.map((folder) => `./${folder}`),
        message: `"${feature}" may import only the public surface of "${other}": api/ and components/.`,
      });
    }
    return zones;
  });
}

/** Layers: shared knows no feature and no app; features know no app and no layout. */
const layerZones = [
  {
    target: `./${web}/shared`,
    from: [`./${web}/features`, `./${web}/app`, `./${web}/layouts`],
    message: 'shared/ is below every feature: it imports none of them, nor the app or its layouts.',
  },
  {
    target: `./${web}/features`,
    from: [`./${web}/app`, `./${web}/layouts`],
    message: 'A feature does not import the app or its layouts; the app composes features.',
  },
];

/** The path-string transport is private to shared/api: everything else calls endpoint descriptors. */
const rawApiImports = {
  patterns: [
    {
      group: ['**/shared/api/api-client'],
      importNames: ['apiResponse', 'apiUrl', 'apiBase'],
      message: 'Call the API through an endpoint descriptor: callApi / endpointUrl (shared/api/call-api.ts).',
    },
  ],
};

const kebab = '+([a-z0-9])*(-+([a-z0-9]))';

export default [
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${web}/../tsconfig.json` })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones] }],
      'no-restricted-imports': ['error', rawApiImports],
      'check-file/no-index': 'error',
      // The name before the last extension: kebab-case, then at most one role suffix, then `.test` for its test.
      'check-file/filename-naming-convention': [
        'error',
        { [`${web}/**/*.{ts,tsx}`]: `${kebab}?(.@(keys|cache|route|routes|testing|d))?(.test)` },
      ],
      'check-file/folder-naming-convention': ['error', { [`${web}/**/`]: 'KEBAB_CASE' }],
      'check-file/filename-blocklist': [
        'error',
        {
          [`${web}/**/*.spec.{ts,tsx}`]: '*.test.{ts,tsx}',
          [`${web}/**/*.{mock,mocks,fixture,fixtures}.{ts,tsx}`]: '*.testing.ts',
        },
      ],
    },
  },
  {
    // Hooks hold UI state: their files are named after the hook.
    files: [`${web}/**/hooks/*.{ts,tsx}`],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { [`${web}/**/hooks/*.{ts,tsx}`]: `use-${kebab}?(.test)` },
      ],
    },
  },
  {
    // The graph binds the app's code. Behaviour tests render the whole app and may use any feature's builders.
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [`${web}/**/*.test.{ts,tsx}`, `${web}/**/*.testing.{ts,tsx}`],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...graphZones()] }],
    },
  },
];
