import { rmSync } from 'node:fs';
import path from 'node:path';
import { e2eMailstackDir, e2eStateDir } from './environment';
import { cluster } from './cluster';

/**
 * The balancer run's global setup: the reference deployment in place of the suite's one server, on a fresh mail
 * stack. The main run's server log in the same state directory stays for whoever reads a failure.
 */
export default async function clusterSetup() {
  rmSync(path.join(e2eStateDir, 'cluster'), { recursive: true, force: true });
  rmSync(e2eMailstackDir, { recursive: true, force: true });
  try {
    cluster('start');
  } catch (error) {
    cluster('stop');
    throw error;
  }
  return async () => cluster('stop');
}
