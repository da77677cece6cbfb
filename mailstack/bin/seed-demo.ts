// Seeds the demo accounts (alice, bob, carol) into the sandbox stack.
// Usage: npx tsx mailstack/bin/seed-demo.ts
//   env: MAILSTACK_PORT_BASE, MAILSTACK_DIR, MAILSTACK_SEED_INDEX=queue|wait|skip (bulk folder
//   full-text indexing, default queue = in the background after seeding)
// Starts the stack first if it is not running, and leaves it running.
import { seedDemo, startMailstack } from '../src/index.js';

const indexBulk = process.env.MAILSTACK_SEED_INDEX ?? 'queue';
if (indexBulk !== 'queue' && indexBulk !== 'wait' && indexBulk !== 'skip') {
  throw new Error(`MAILSTACK_SEED_INDEX must be queue, wait or skip (got ${indexBulk})`);
}
const stack = await startMailstack();
const report = await seedDemo(stack, { indexBulk, log: (line) => console.log(`seed: ${line}`) });
console.log(report.skipped ? 'seed: demo data already present - nothing sent' : 'seed: done');
for (const [account, folders] of Object.entries(report.folders)) {
  console.log(`\n${account}`);
  for (const f of folders)
    console.log(`  ${f.path.padEnd(34)} ${String(f.messages).padStart(5)} (${f.unseen} unread)`);
}
console.log(`\nseed: ${report.durationMs} ms in total`);
