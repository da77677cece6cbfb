import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../infra/db/database.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import { signaturesRoutes } from './signatures.routes.js';
import { SignaturesRepository } from './signatures.repository.js';
import { SignaturesService } from './signatures.service.js';

export interface SignaturesModuleDeps {
  db: Db;
  publish: PublishEvent;
}

/** Signatures: list, create, edit, delete, one default. */
export function createSignaturesModule(deps: SignaturesModuleDeps) {
  const signatures = new SignaturesService(new SignaturesRepository(deps.db), deps.publish);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(signaturesRoutes(signatures));
  };
  const module: FeatureModule = { name: 'signatures', routes };
  return { module, signatures };
}
