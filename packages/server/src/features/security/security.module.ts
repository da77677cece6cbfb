import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db/database.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import { SecurityEventsRepository } from './security-events.repository.js';
import { SecurityEventsService } from './security-events.service.js';

/** The security log (sign-ins and failures so far), pruned after 30 days. */
export function createSecurityModule(deps: { db: Db; log: FastifyBaseLogger }) {
  const securityEvents = new SecurityEventsService(new SecurityEventsRepository(deps.db), deps.log);
  const module: FeatureModule = {
    name: 'security',
    // A plain DELETE of old rows: any process may run it (`claims`: the database decides).
    jobs: [
      {
        name: 'security-log-prune',
        scope: 'claims',
        intervalMs: 3_600_000,
        run: () => securityEvents.prune(),
      },
    ],
  };
  return { module, securityEvents };
}
