import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    // Test files share a worker's module cache instead of importing the server afresh per file (its import was
    // 474 of 679 s of a loaded run). Safe because no test mocks a module or stubs a global: each file builds its own
    // app, database and users from the modules' exports, and every clock and setting is passed in, not patched.
    isolate: false,
    projects: [
      {
        extends: true,
        // Unit tests hold no waits; the property tests are CPU work that a busy 2-core machine can stretch past
        // vitest's 5 s default.
        test: { name: 'server-unit', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'server-integration',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
