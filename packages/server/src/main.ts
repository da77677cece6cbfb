import { existsSync } from 'node:fs';
import { buildApp } from './app.js';
import { loadConfig } from './infra/config.js';

// A .env in the working directory fills in variables the environment does not already set.
if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const app = await buildApp(config);

/**
 * Graceful shutdown (a rolling restart sends SIGTERM): closing stops accepting connections (requests arriving on
 * open keep-alive connections get 503), tells every event stream to reconnect and ends it, lets in-flight
 * requests finish, waits for the background runs in progress (a send under way), then closes IMAP and the
 * database. Past SHUTDOWN_TIMEOUT_SECONDS the process exits anyway.
 */
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ host: config.host, port: config.port });
