import { z } from 'zod';

// The page's CSP allows no eval (script-src 'self'): zod would try `new Function` at its first object schema to
// compile parsers, and the refusal is a `securitypolicyviolation` (a CSP report where one is set up) on every load.
z.config({ jitless: true });

/**
 * The entry evaluates the modules the app starts with in four tasks: the framework (this module's own imports), the
 * API's schemas in two steps (`app/common-schemas.ts`, `app/api-schemas.ts`: zod builds each schema as its module
 * runs, together about half of the evaluation), then the app's modules (`app/start-app.tsx`). In one task they were
 * 40-45 ms on a fast machine under Lighthouse (~170 ms on its phone), and Lighthouse counts the time of every task
 * beyond 50 ms as blocking; in four, none is above 16 ms. Each step is a chunk of its own (scripts/chunk-groups.ts);
 * the page asks for all of them at once (scripts/html-pages.ts).
 */
async function start() {
  await nextTask();
  await import('./app/common-schemas');
  await nextTask();
  await import('./app/api-schemas');
  await nextTask();
  const { startApp } = await import('./app/start-app');
  await startApp();
}

// Its own, not imported: an app module this entry imported statically would put the whole app in its task
// (html-pages.ts refuses such a build).
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

void start();
