// Sums the JSON reports of every suite into the one closing line CI reads: "N passed, N failed", after the name and
// first message line of each failed test (a CI log is often read from its end only).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
// Colour codes out (ESC [ … m), then the first line.
const colours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLine = (text) => (text ?? '').replace(colours, '').trim().split('\n')[0].slice(0, 300);

function vitestFailures(report, suite) {
  for (const file of report.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') {
        failures.push(
          `${suite} › ${where} › ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0])}`,
        );
      }
    }
    // A file that failed to load, or whose beforeAll / afterAll failed (its tests then count as skipped), has
    // no failed test of its own; the JSON report keeps no hook's error, the log above has it.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      const message =
        firstLine(file.message) || 'a beforeAll or afterAll hook failed (its error is in the log above)';
      failures.push(`${suite} › ${where}: ${message}`);
    }
  }
}

function playwrightFailures(suites, suite, titles = []) {
  for (const child of suites ?? []) {
    const path_ = child.title ? [...titles, child.title] : titles;
    for (const spec of child.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        const message = last?.error?.message ?? last?.errors?.[0]?.message;
        failures.push(`${suite} › ${[...path_, spec.title].join(' › ')}: ${firstLine(message)}`);
      }
    }
    playwrightFailures(child.suites, suite, path_);
  }
}

for (const file of existsSync(dir) ? readdirSync(dir) : []) {
  if (!file.endsWith('.json')) continue;
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const suite = file.replace(/\.json$/, '');
  if ('numPassedTests' in report) {
    // Vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    vitestFailures(report, suite);
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    playwrightFailures(report.suites, suite);
  }
}
console.log();
if (failures.length) {
  console.log('Failed tests:');
  for (const failure of failures) console.log(`  ✗ ${failure}`);
}
console.log(
  skipped ? `${passed} passed, ${failed} failed, ${skipped} skipped` : `${passed} passed, ${failed} failed`,
);
