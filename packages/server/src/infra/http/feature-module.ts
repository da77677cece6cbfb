import type { FastifyPluginAsync } from 'fastify';
import type { Job } from '../jobs/job-registry.js';

/**
 * What a feature gives the composition root (`app.ts`): its routes (registered under `/api`), its background
 * jobs, and its subscribers (to the event bus or the session lifecycle; each returns its unsubscribe). A
 * feature's `create<F>Module(deps)` receives only what it reads.
 */
export interface FeatureModule {
  name: string;
  routes?: FastifyPluginAsync;
  jobs?: Job[];
  subscribers?: Array<() => () => void>;
  /** Called when the server begins to close, before it waits for open requests (ends long-lived streams). */
  close?: () => Promise<void>;
}
