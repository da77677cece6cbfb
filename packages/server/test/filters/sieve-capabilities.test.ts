import { describe, expect, it } from 'vitest';
import type { Autoreply } from '@webmail/contracts';
import { compileScript, type CompileInput } from '../../src/features/filters/filters-compiler.js';
import { checkExtensions } from '../../src/features/filters/sieve-sync.js';
import { createSieveTester } from '../support/sieve-test.testing.js';

/**
 * The script is compiled for the server's SIEVE capability. Optional extensions it lacks are compiled around
 * (the spam level is left out, the auto-reply interval becomes a day, …); those a used feature cannot do without
 * stay required and are refused in words. Proven over every subset of the optional extensions, and in Pigeonhole
 * with its stock extension set (no spamtest, spamtestplus, vacation-seconds), where every script used to fail.
 */

const reply: Autoreply = {
  status: true,
  name: '',
  subject: 'Away',
  text: 'Back soon',
  html: '',
  start: null,
  end: null,
};

const input = (offered: readonly string[] | undefined, spamLevel = 50): CompileInput => ({
  filters: [
    {
      query: { subject: 'report' },
      action: { seen: true, mailbox: 'f-work', targets: ['boss@elsewhere.test'] },
    },
    { query: { text: 'invoice', ha: true }, action: { flag: true } },
  ],
  folderPath: (id) => (id === 'f-work' ? 'Work' : undefined),
  junkPath: 'Junk',
  targets: ['copy@elsewhere.test'],
  spamLevel,
  autoreply: reply,
  offered,
});

const full = [
  'fileinto',
  'variables',
  'imap4flags',
  'body',
  'mime',
  'vacation',
  'date',
  'spamtestplus',
  'relational',
  'comparator-i;ascii-numeric',
  'vacation-seconds',
  'envelope',
  'mailbox',
  'copy',
];
/** What a compiled script can do without, and the script text that would need each. */
const optional: Record<string, RegExp> = {
  spamtestplus: /spamtest/,
  relational: /:value "ge"/,
  'comparator-i;ascii-numeric': /ascii-numeric" "\d/,
  'vacation-seconds': /:seconds/,
  envelope: /envelope :/,
  mailbox: /mailboxexists/,
  copy: /:copy/,
};
/** What the Pigeonhole here offers with no `sieve_extensions` setting (its defaults). */
const stockPigeonhole = full.filter((e) => !['spamtestplus', 'vacation-seconds'].includes(e));

describe('compiling for the server’s SIEVE capability', () => {
  const names = Object.keys(optional);
  const subsets = Array.from({ length: 2 ** names.length }, (_, bits) =>
    names.filter((_n, i) => bits & (1 << i)),
  );

  it.each(subsets.map((missing) => [missing.join(' ') || '(none)', missing] as const))(
    'without %s: requires only what is offered, and says what is left out',
    (_label, missing) => {
      const offered = full.filter((e) => !missing.includes(e));
      const compiled = compileScript(input(offered));
      expect(() => checkExtensions(compiled.extensions, offered)).not.toThrow();
      for (const name of missing) expect(compiled.script, name).not.toMatch(optional[name]!);
      const spamLevelMissing = missing.some((e) =>
        ['spamtestplus', 'relational', 'comparator-i;ascii-numeric'].includes(e),
      );
      expect(compiled.leftOut.includes('spamLevel')).toBe(spamLevelMissing);
      expect(compiled.leftOut.includes('autoreplyInterval')).toBe(missing.includes('vacation-seconds'));
      expect(compiled.leftOut.includes('autoreplyEnvelopeChecks')).toBe(missing.includes('envelope'));
    },
  );

  it.each(['body', 'mime', 'imap4flags', 'vacation', 'fileinto', 'variables'])(
    'refuses in words when %s, which a used feature needs, is missing',
    (essential) => {
      const offered = full.filter((e) => e !== essential);
      const compiled = compileScript(input(offered));
      expect(() => checkExtensions(compiled.extensions, offered)).toThrow(
        new RegExp(`lacks the Sieve extension ${essential}`),
      );
    },
  );

  it('needs no spam-level extension for levels 0 and 100, and no imap4flags or copy when nothing uses them', () => {
    for (const level of [0, 100])
      expect(compileScript(input(stockPigeonhole, level)).leftOut).not.toContain('spamLevel');
    const plain = compileScript({ ...input([]), filters: [], targets: [], autoreply: null, spamLevel: 100 });
    expect(plain.extensions.sort()).toEqual(['fileinto', 'variables']);
  });
});

describe('a stock Pigeonhole (its default extensions)', () => {
  const tester = createSieveTester(['Work', 'Junk'], null);
  const envelope = { from: 'someone@sender.test', to: 'me@example.test' };
  const message = (subject: string, spamScore: number) =>
    [
      `From: someone@sender.test`,
      'To: me@example.test',
      `Subject: ${subject}`,
      `X-Spam-Score: ${spamScore}`,
      '',
      'Hello',
      '',
    ].join('\r\n');

  it('runs the script compiled for it: filters, forwards and the auto-reply work, the spam level is left out', async () => {
    const compiled = compileScript(input(stockPigeonhole));
    expect(compiled.leftOut).toEqual(['spamLevel', 'autoreplyInterval']);
    const filed = await tester.run(compiled.script, message('Weekly report', 10), envelope);
    expect(filed.stored).toEqual([{ folder: 'Work', flags: ['\\seen'] }]);
    expect(filed.redirects).toEqual(['boss@elsewhere.test', 'copy@elsewhere.test']);
    expect(filed.vacation).toBe(true);
    // Score 10 of 10 would be spam at level 50; with the level left out only filters decide.
    const other = await tester.run(compiled.script, message('Hello', 10), envelope);
    expect(other.stored.map((s) => s.folder)).toEqual(['INBOX']);
  });

  it('refuses a script that requires what it lacks (what every save did before)', async () => {
    const compiled = compileScript(input(undefined));
    await expect(tester.run(compiled.script, message('Hello', 1), envelope)).rejects.toThrow();
  });
});
