import { existsSync } from 'node:fs';
import { buildApp } from './app.js';
import { loadConfig } from './infra/config.js';

// A .env in the working directory fills in variables the environment does not already set.
if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const app = await buildApp(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ host: config.host, port: config.port });
