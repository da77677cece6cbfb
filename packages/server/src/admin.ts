import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DisabledFeature, disabledFeatureNames } from '@webmail/contracts';
import { migrations } from './app.js';
import { loadConfig } from './infra/config.js';
import { createDatabase, migrateToLatest } from './infra/db/database.js';
import { createUpgradeModule } from './features/upgrade/upgrade.module.js';
import { normalize } from './features/upgrade/plan-features.service.js';

const usage = `Usage: webmail-admin features <command>
  features list [account]                              the deployment's switches and the overrides (for one account:
                                                       what it lacks)
  features set <account> --disable f[,f] --enable f[,f]  switch features off or on for one account
  features reset <account> <feature|all>               back to the deployment's setting (DISABLED_FEATURES)
Features: ${disabledFeatureNames.join(', ')}.
Reads the same environment as the server (DATABASE_URL or DATA_DIR, DISABLED_FEATURES, a .env in this folder).`;

class UsageError extends Error {}

function featureList(value: string | undefined): DisabledFeature[] {
  if (!value) throw new UsageError('a feature list is missing');
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((name) => {
      const parsed = DisabledFeature.safeParse(name);
      if (!parsed.success) throw new UsageError(`unknown feature "${name}"`);
      return parsed.data;
    });
}

/**
 * The operator's command line: per-account plan switches (the `feature_overrides` table the server reads on every
 * gated request, so a change applies at once on every node, without a restart). Returns the exit code.
 */
export async function runAdmin(
  argv: string[],
  env: Record<string, string | undefined>,
  out: (line: string) => void,
): Promise<number> {
  const [area, command, ...rest] = argv;
  if (area !== 'features' || !command || !['list', 'set', 'reset'].includes(command)) {
    out(usage);
    return area === undefined || area === 'help' || area === '--help' ? 0 : 2;
  }
  const config = loadConfig(env);
  const db = createDatabase(config);
  try {
    await migrateToLatest(db, migrations);
    const { plan } = createUpgradeModule({ config, db });
    if (command === 'list') {
      const [account] = rest;
      out(`Deployment (DISABLED_FEATURES): ${config.disabledFeatures.join(', ') || 'none'}`);
      for (const o of await plan.listOverrides(account)) {
        out(`${o.account}\t${o.feature}\t${o.enabled ? 'enabled' : 'disabled'}\t${o.updated.toISOString()}`);
      }
      if (account)
        out(`${normalize(account)} lacks: ${(await plan.disabledFor(account)).join(', ') || 'nothing'}`);
      return 0;
    }
    const [account, ...options] = rest;
    if (!account || account.startsWith('--') || !account.includes('@'))
      throw new UsageError('an account address is missing');
    if (command === 'reset') {
      const [which] = options;
      const features = which === 'all' ? [...disabledFeatureNames] : featureList(which);
      for (const feature of features) await plan.clearOverride(account, feature);
      out(`${account}: ${features.join(', ')} back to the deployment's setting`);
      return 0;
    }
    const changes: Array<[DisabledFeature, boolean]> = [];
    for (let i = 0; i < options.length; i += 2) {
      const flag = options[i];
      if (flag !== '--disable' && flag !== '--enable') throw new UsageError(`unknown option "${flag}"`);
      for (const feature of featureList(options[i + 1])) changes.push([feature, flag === '--enable']);
    }
    if (changes.length === 0) throw new UsageError('nothing to set: give --disable or --enable');
    for (const [feature, enabled] of changes) await plan.setOverride(account, feature, enabled);
    const now = await plan.disabledFor(account);
    out(`${normalize(account)} lacks: ${now.join(', ') || 'nothing'}`);
    return 0;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    out(`webmail-admin: ${err.message}\n\n${usage}`);
    return 2;
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (existsSync('.env')) process.loadEnvFile('.env');
  process.exitCode = await runAdmin(process.argv.slice(2), process.env, (line) =>
    process.stdout.write(`${line}\n`),
  );
}
