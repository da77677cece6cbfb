import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What Pigeonhole's `sieve-test` says a script does with a message. */
export interface SieveTestResult {
  /** Folders the message is stored in, each with its flags (lower-case, sorted). */
  stored: Array<{ folder: string; flags: string[] }>;
  redirects: string[];
  vacation: boolean;
  discarded: boolean;
}

/**
 * Runs scripts through the real Pigeonhole interpreter (`sieve-test`), with the sandbox's spamtest settings
 * (X-Spam-Score out of 10) and a maildir in which `folders` exist (for `mailboxexists`). sieve-test drops to
 * `nobody`, so the work directory is world-writable.
 */
export function createSieveTester(
  folders: readonly string[],
  /** The `sieve_extensions` setting; null: Pigeonhole's defaults (a stock server: no spamtest, no vacation-seconds). */
  extensions: string | null = '+vacation-seconds +spamtest +spamtestplus +mime',
) {
  const dir = mkdtempSync('/tmp/svt.');
  chmodSync(dir, 0o777);
  const maildir = path.join(dir, 'Maildir');
  for (const folder of ['', ...folders]) {
    for (const sub of ['cur', 'new', 'tmp']) mkdirSync(path.join(maildir, folder, sub), { recursive: true });
  }
  // Dovecot (as nobody) must be able to create its index files, or a folder reads as missing.
  execFileSync('chmod', ['-R', '777', maildir]);
  const config = path.join(dir, 'sieve-test.conf');
  writeFileSync(
    config,
    [
      'mail_uid = nobody',
      'mail_gid = nogroup',
      'first_valid_uid = 1',
      'first_valid_gid = 1',
      'plugin {',
      ...(extensions === null ? [] : [`  sieve_extensions = ${extensions}`]),
      '  sieve_spamtest_status_type = score',
      '  sieve_spamtest_status_header = X-Spam-Score: (-?[[:digit:]]+(\\.[[:digit:]]+)?)',
      '  sieve_spamtest_max_value = 10',
      '  sieve_vacation_min_period = 0',
      '}',
      '',
    ].join('\n'),
  );
  let n = 0;
  return {
    async run(
      script: string,
      message: string,
      envelope: { from: string; to: string },
    ): Promise<SieveTestResult> {
      n += 1;
      const scriptFile = path.join(dir, `s${n}.sieve`);
      const messageFile = path.join(dir, `m${n}.eml`);
      writeFileSync(scriptFile, script, { mode: 0o644 });
      writeFileSync(messageFile, message, { mode: 0o644 });
      const { stdout } = await run('sieve-test', [
        '-c',
        config,
        '-l',
        `maildir:${maildir}:LAYOUT=fs`,
        '-f',
        envelope.from,
        '-r',
        envelope.to,
        scriptFile,
        messageFile,
      ]);
      return parseSieveTest(stdout);
    },
  };
}

function parseSieveTest(stdout: string): SieveTestResult {
  const result: SieveTestResult = { stored: [], redirects: [], vacation: false, discarded: true };
  const lines = stdout.split('\n');
  let current: { folder: string; flags: string[] } | null = null;
  let inKeep = false;
  for (const line of lines) {
    if (line.startsWith('Implicit keep:')) inKeep = true;
    const store = /store message in folder: (.*)$/.exec(line);
    if (store) {
      current = { folder: store[1]!.trim(), flags: [] };
      result.stored.push(current);
      continue;
    }
    const flags = /\+ add IMAP flags: (.*)$/.exec(line);
    if (flags && current) {
      current.flags = flags[1]!.trim().toLowerCase().split(/\s+/).sort();
      continue;
    }
    const redirect = /redirect message to: <(.*)>/.exec(line);
    if (redirect) result.redirects.push(redirect[1]!);
    if (line.includes('send vacation message')) result.vacation = true;
    if (inKeep && /\(none\)/.test(line)) inKeep = false;
  }
  // Deduplicate (sieve-test lists a folder once per action).
  result.stored = [...new Map(result.stored.map((s) => [s.folder, s])).values()].sort((a, b) =>
    a.folder.localeCompare(b.folder),
  );
  result.redirects = [...new Set(result.redirects)].sort();
  result.discarded = result.stored.length === 0;
  return result;
}

/** A message for a Sieve run: these headers, a text body and, with `attachment`, a small binary file beside it. */
export function mimeMessage(
  headers: string[],
  body: string,
  attachment: boolean,
  textType = 'text/plain; charset=utf-8',
): string {
  if (!attachment) return [...headers, `Content-Type: ${textType}`, '', body, ''].join('\r\n');
  return [
    ...headers,
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    `Content-Type: ${textType}`,
    '',
    body,
    '--b1',
    'Content-Type: application/octet-stream',
    'Content-Disposition: attachment; filename="a.bin"',
    '',
    'AAAA',
    '--b1--',
    '',
  ].join('\r\n');
}
