import { describe, expect, it } from 'vitest';
import { isTestFile, literalsMatching } from '../../test/source-literals';
import { appHref } from './app-paths';

describe('the paths table', () => {
  it('is the only place where the app writes a page address', () => {
    const page = /^\/(u|login)(\/|$)/;
    const elsewhere = (file: string) => !isTestFile(file) && file !== '/src/shared/routing/app-paths.ts';
    expect(literalsMatching(page, elsewhere)).toEqual([]);
    expect(
      literalsMatching(page, (file) => file === '/src/shared/routing/app-paths.ts').length,
    ).toBeGreaterThan(10);
  });

  it('fills in and encodes params, leaves out an absent optional one, and adds the query values that are set', () => {
    expect(appHref('MailboxThread', { userIndex: 1, mailboxId: 'a/b', threadId: 't 1', messageId: 7 })).toBe(
      '/u/1/a%2Fb/t%201/7',
    );
    expect(appHref('Compose', { userIndex: 0, draftId: undefined }, { mode: 'reply', to: undefined })).toBe(
      '/u/0/compose?mode=reply',
    );
  });
});
