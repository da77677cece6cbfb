import type { ResumedDraft } from '@webmail/contracts';
import { describe, expect, it } from 'vitest';
import { toChip } from './address-chips';
import { emptyDraft } from './composer-draft';
import type { LocalDraft } from './local-draft-store';
import { pickStartingDraft } from './starting-draft';

const draftId = '0b9a5c5e-3f7e-4c55-9a51-0c3b1f2e4d6a';
const local = (updatedAt: number, savedRevision: number | null, subject = 'local'): LocalDraft => ({
  v: 1,
  updatedAt,
  savedRevision,
  draft: { ...emptyDraft, subject, to: [toChip('', 'bob@x.test'), toChip('', 'oops')] },
});
const server = (revision: number | null): ResumedDraft => ({
  draftId,
  mailboxId: 'drafts',
  uid: 4,
  revision,
  draft: {
    from: null,
    to: [{ name: '', address: 'bob@x.test' }],
    cc: [],
    bcc: [],
    subject: 'server',
    html: '<p>hi</p>',
    text: '',
    plainText: false,
    inReplyTo: null,
    references: [],
    attachments: [],
  },
});

describe('pickStartingDraft: the newer copy wins', () => {
  it('takes a newer local copy and marks it unsaved', () => {
    const start = pickStartingDraft(local(2000, 1000), server(1000));
    expect(start.draft.subject).toBe('local');
    expect(start).toMatchObject({ editedAt: 2000, savedRevision: 1000, onServer: true });
  });

  it('takes a newer server copy', () => {
    const start = pickStartingDraft(local(1000, 1000), server(3000));
    expect(start.draft.subject).toBe('server');
    expect(start).toMatchObject({ editedAt: 3000, savedRevision: 3000 });
  });

  it('keeps the local copy (with its invalid chip) on a tie, as saved', () => {
    const start = pickStartingDraft(local(1000, 1000), server(1000));
    expect(start.draft.to.map((c) => c.address)).toEqual(['bob@x.test', 'oops']);
    expect(start.editedAt).toBe(start.savedRevision);
  });

  it('saves a local copy again when Drafts no longer has it, and trusts it when offline', () => {
    expect(pickStartingDraft(local(1000, 1000), null)).toMatchObject({ savedRevision: 0, onServer: false });
    expect(pickStartingDraft(local(2000, 1000), undefined)).toMatchObject({
      savedRevision: 1000,
      onServer: true,
    });
  });

  it('starts from the fallback without any copy', () => {
    const start = pickStartingDraft(null, null, { ...emptyDraft, subject: 'Re: hi' });
    expect(start).toMatchObject({ editedAt: 0, savedRevision: 0, onServer: false });
    expect(start.draft.subject).toBe('Re: hi');
  });
});
