import { describe, expect, it } from 'vitest';
import type { AppError } from '../../infra/errors.js';
import { compileScript } from './filters-compiler.js';
import { checkExtensions } from './sieve-sync.js';

describe('the script’s extensions against the server’s SIEVE capability', () => {
  const compiled = compileScript({
    filters: [{ query: { text: 'invoice', ha: true }, action: { seen: true } }],
    folderPath: () => undefined,
    junkPath: 'Junk',
    targets: [],
    spamLevel: 50,
    autoreply: { status: true, name: '', subject: '', text: 'away', html: '', start: null, end: null },
  });

  it('requires only what the script uses', () => {
    expect([...compiled.extensions].sort()).toEqual(
      [
        'body',
        'comparator-i;ascii-numeric',
        'envelope',
        'fileinto',
        'imap4flags',
        'mailbox',
        'mime',
        'relational',
        'spamtestplus',
        'vacation',
        'vacation-seconds',
        'variables',
      ].sort(),
    );
    expect(compiled.script).toContain(`require [${compiled.extensions.map((e) => `"${e}"`).join(', ')}];`);
  });

  it('refuses in words what the server lacks, naming what needs it', () => {
    const offered = compiled.extensions.filter((e) => e !== 'body' && e !== 'vacation-seconds');
    let error: AppError | undefined;
    try {
      checkExtensions(compiled.extensions, offered);
    } catch (e) {
      error = e as AppError;
    }
    expect(error).toMatchObject({ status: 422, reason: 'sieveExtensionMissing' });
    expect(error!.message).toBe(
      'The mail server’s filters cannot do this: it lacks the Sieve extensions body (the text criterion), ' +
        'vacation-seconds (answering once per sender every 4 hours)',
    );
    expect(() =>
      checkExtensions(
        compiled.extensions,
        compiled.extensions.map((e) => e.toUpperCase()),
      ),
    ).not.toThrow();
  });
});
