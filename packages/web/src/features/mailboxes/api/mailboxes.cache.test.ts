import type { MailboxTreeResponse } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { buildFolder } from '../../../test/folder.testing';
import { findTreeFolder, shiftCounts } from './mailboxes.cache';

const counts = (next: MailboxTreeResponse | undefined, id: string) => {
  const folder = findTreeFolder(next, id);
  return folder && [folder.unseen, folder.total];
};

describe('folder counts of the cached tree', () => {
  it('never goes below zero', () => {
    const small = { mailboxes: [buildFolder({ id: 'f', name: 'F', unseen: 1, total: 1 })], quota: null };
    expect(counts(shiftCounts(small, [{ mailboxId: 'f', unseen: -5, total: -5 }]), 'f')).toEqual([0, 0]);
  });
});
