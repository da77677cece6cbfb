import { DraftAttachment, Recipient } from '@webmail/contracts';
import { z } from 'zod';
import type { ComposerDraft } from './composer-draft';

/**
 * The local copy of a draft: written to localStorage on every change, per
 * user index and draftId, so a closed tab, a reload, a lost network or a server restart never loses text. The
 * server copy is the shared one; this copy only wins when it is newer (see `pickStartingDraft`).
 */
const chip = z.object({ name: z.string(), address: z.string(), valid: z.boolean() });
const StoredDraft = z.object({
  v: z.literal(1),
  /** When the user last changed it (ms): also the revision sent with the save. */
  updatedAt: z.number(),
  /** The revision the server confirmed last (null: never saved from here). */
  savedRevision: z.number().nullable(),
  draft: z.object({
    from: Recipient.nullable(),
    to: z.array(chip),
    cc: z.array(chip),
    bcc: z.array(chip),
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    plainText: z.boolean(),
    inReplyTo: z.string().nullable(),
    references: z.array(z.string()),
    attachments: z.array(DraftAttachment),
  }),
});
export type LocalDraft = z.infer<typeof StoredDraft> & { draft: ComposerDraft };

const prefix = 'webmail.draft.';
const keyOf = (userIndex: number, draftId: string) => `${prefix}${userIndex}.${draftId}`;
/** Local copies nobody came back to are dropped after this long. */
export const localDraftMaxAgeMs = 30 * 24 * 3_600_000;

export function readLocalDraft(userIndex: number, draftId: string): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(keyOf(userIndex, draftId));
    if (!raw) return null;
    const parsed = StoredDraft.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** False when the browser refused (storage full or disabled): the server copy is then the only one. */
export function writeLocalDraft(userIndex: number, draftId: string, value: Omit<LocalDraft, 'v'>): boolean {
  try {
    window.localStorage.setItem(keyOf(userIndex, draftId), JSON.stringify({ v: 1, ...value }));
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes the composer's content as it stands (its `editedAt` is the copy's `updatedAt`) with the revision the
 * server confirmed last; as `writeLocalDraft`, a refusal of the browser leaves the server copy the only one.
 */
export function writeComposerLocalDraft(
  userIndex: number,
  draftId: string,
  content: { draft: ComposerDraft; editedAt: number },
  savedRevision: number | null,
): void {
  writeLocalDraft(userIndex, draftId, { draft: content.draft, updatedAt: content.editedAt, savedRevision });
}

export function removeLocalDraft(userIndex: number, draftId: string): void {
  try {
    window.localStorage.removeItem(keyOf(userIndex, draftId));
  } catch {
    // Storage disabled: there is nothing to remove.
  }
}

/** Drops local copies older than `localDraftMaxAgeMs` (sent or abandoned drafts whose tab was closed). */
export function pruneLocalDrafts(now: number): void {
  try {
    const storage = window.localStorage;
    for (let i = storage.length - 1; i >= 0; i -= 1) {
      const key = storage.key(i);
      if (!key?.startsWith(prefix)) continue;
      const updatedAt = (JSON.parse(storage.getItem(key) ?? '{}') as { updatedAt?: unknown }).updatedAt;
      if (typeof updatedAt !== 'number' || now - updatedAt > localDraftMaxAgeMs) storage.removeItem(key);
    }
  } catch {
    // Unreadable storage: nothing to prune.
  }
}

/**
 * Drops the local copies of one user index's drafts, or of every user's: an account forgotten on this device
 * (device-user or device logout) leaves no mail text behind in the browser. A plain user logout (also a session
 * that ran out) keeps them: they hold text the server may not have yet, and the same account signs in again.
 */
export function clearLocalDrafts(userIndex?: number): void {
  const own = userIndex === undefined ? prefix : `${prefix}${userIndex}.`;
  try {
    const storage = window.localStorage;
    for (let i = storage.length - 1; i >= 0; i -= 1) {
      const key = storage.key(i);
      if (key?.startsWith(own)) storage.removeItem(key);
    }
  } catch {
    // Storage disabled: nothing was kept.
  }
}
