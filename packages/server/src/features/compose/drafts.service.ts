import { createHash } from 'node:crypto';
import type { DraftContent, DraftSaveResponse, ResumedDraft } from '@webmail/contracts';
import { notFound, refusal, validationError } from '../../infra/errors.js';
import type { FolderIdsRepository } from '../../mail/folder-ids.repository.js';
import type { MailSession } from '../../mail/mail-session.js';
import { buildMessage, type OutgoingMessage } from '../../mail/mime/build-message.js';
import type { AttachmentResolver } from './attachment-resolver.js';
import type { ResolvedAttachment } from './resolved-attachment.js';
import {
  draftIdHeader,
  draftRevisionHeader,
  readDraft,
  removeDraft,
  replaceDraft,
  specialFolderPath,
} from './draft-folder.js';
import { isEmptyDraft, toOutgoing } from './draft-message.js';
import { parseDraft } from './draft-parse.js';
import { checkDraft } from './draft-validation.js';
import type { DraftRow, DraftsRepository } from './drafts.repository.js';
import { KeyedMutex } from './keyed-mutex.js';
import { messageIdFor } from './message-id.js';
import type { OutboxRepository } from './outbox.repository.js';
import { toContractDraft } from './contract-draft.js';
import type { UploadsRepository } from './uploads.repository.js';
import type { UploadsService } from './uploads.service.js';

/** A draft checked and with its attachments loaded: what saving and sending both build from. */
export interface PreparedDraft {
  draft: DraftContent;
  attachments: ResolvedAttachment[];
  message: OutgoingMessage;
}

/** Outbox states in which the draft belongs to the send and is not saved over. */
export const sendingStatuses = ['queued', 'sending', 'sent'];

export class DraftsService {
  private readonly locks = new KeyedMutex();

  constructor(
    /** The display name the From of the user's mail carries. */
    private readonly nameOf: (email: string) => Promise<string>,
    /** The verified outgoing addresses: the other From addresses the account may send as. */
    private readonly senders: (email: string) => Promise<{ address: string; name: string }[]>,
    private readonly folderIds: FolderIdsRepository,
    private readonly drafts: DraftsRepository,
    private readonly outbox: OutboxRepository,
    private readonly uploads: UploadsRepository,
    private readonly uploadsService: UploadsService,
    private readonly resolver: AttachmentResolver,
  ) {}

  /** Loads attachments, builds the message shape and checks every limit (422 on any problem). */
  async prepare(mail: MailSession, draftId: string, draft: DraftContent, forSend: boolean) {
    const attachments = await this.resolver.resolve(mail, draft.attachments);
    const [name, senders] = await Promise.all([this.nameOf(mail.email), this.fromAddresses(mail.email)]);
    const { message, dataImages } = toOutgoing(draft, attachments, {
      account: mail.email,
      name,
      messageId: messageIdFor(mail.email, draftId),
      date: new Date(),
    });
    checkDraft(
      draft,
      { attachments, dataImages, html: message.html },
      { account: mail.email, senders, forSend },
    );
    return { draft, attachments, message } satisfies PreparedDraft;
  }

  /**
   * Saves a draft to the IMAP Drafts folder (append new version, expunge older ones). Idempotent: the
   * same content again, an older revision, or a draft already handed to the outbox is `skipped`.
   */
  async save(
    mail: MailSession,
    draftId: string,
    draft: DraftContent,
    revision: number | undefined,
    prepared?: PreparedDraft,
  ): Promise<DraftSaveResponse> {
    return this.locks.run(`${mail.email}\n${draftId}`, async () => {
      const row = await this.drafts.find(mail.email, draftId);
      const hash = createHash('sha256').update(JSON.stringify(draft)).digest('base64url');
      const stale = revision !== undefined && row?.revision != null && revision <= Number(row.revision);
      const entry = await this.outbox.findByDraft(mail.email, draftId);
      const unchanged = row?.content_hash === hash && row.uid !== null;
      if (stale || unchanged || (entry && sendingStatuses.includes(entry.status))) {
        return this.answer('skipped', mail, draftId, row);
      }
      if (!row?.uid && isEmptyDraft(draft)) return this.answer('nothingToSave', mail, draftId, row);
      const ready = prepared ?? (await this.prepare(mail, draftId, draft, false));
      // A save without a revision (an API client) counts as the current one again: the later of such saves wins.
      const effective = revision ?? (row?.revision == null ? null : Number(row.revision));
      const headers: Record<string, string> = { [draftIdHeader]: draftId };
      if (effective !== null) headers[draftRevisionHeader] = String(effective);
      const raw = await buildMessage({ ...ready.message, headers }, { keepBcc: true });
      const connection = await mail.connection();
      const path = await specialFolderPath(connection, '\\Drafts');
      const { uid, kept } = await replaceDraft(connection, path, draftId, raw);
      const now = Date.now();
      const saved: DraftRow = {
        account: mail.email,
        draft_id: draftId,
        content_hash: hash,
        revision: effective,
        mailbox_path: path,
        uid,
        saved_at: now,
        updated_at: now,
      };
      // A newer save (on this or another server process) got in first: this one is older and was dropped.
      if (!kept || !(await this.drafts.save(saved)))
        return this.answer('skipped', mail, draftId, await this.drafts.find(mail.email, draftId));
      const uploadIds = ready.attachments.flatMap((a) => (a.uploadId ? [a.uploadId] : []));
      await this.uploads.touch(mail.email, uploadIds, now);
      return this.answer('saved', mail, draftId, saved);
    });
  }

  /** Every address the account may send as: itself first, then its verified outgoing addresses. */
  private async fromAddresses(account: string): Promise<string[]> {
    return [account, ...(await this.senders(account)).map((s) => s.address)];
  }

  /** Reads the draft back from Drafts; its attachments become uploads again, ready to save or send. */
  async resume(mail: MailSession, draftId: string): Promise<ResumedDraft> {
    const connection = await mail.connection();
    const path = await specialFolderPath(connection, '\\Drafts');
    const found = await readDraft(connection, path, draftId);
    if (!found) throw notFound('Draft', 'draftNotFound');
    const parsed = await parseDraft(found.source);
    const attachments = [];
    for (const file of parsed.files)
      attachments.push(await this.uploadsService.store(mail.email, draftId, file));
    const row = await this.drafts.find(mail.email, draftId);
    return {
      draftId,
      mailboxId: await this.mailboxIdOf(mail.email, path),
      uid: found.uid,
      revision: row?.revision == null ? null : Number(row.revision),
      draft: toContractDraft({ ...parsed, attachments }, await this.fromAddresses(mail.email)),
    };
  }

  /** The user discards the draft: every version leaves Drafts, with its uploads. */
  async discard(mail: MailSession, draftId: string): Promise<void> {
    await this.locks.run(`${mail.email}\n${draftId}`, async () => {
      const entry = await this.outbox.findByDraft(mail.email, draftId);
      if (entry && ['queued', 'sending'].includes(entry.status)) {
        const message = 'This draft is being sent; undo the send first';
        throw validationError({ draftId: [{ code: 'draftBeingSent', message }] });
      }
      const connection = await mail.connection();
      await removeDraft(connection, await specialFolderPath(connection, '\\Drafts'), draftId);
      await this.forget(mail.email, draftId);
    });
  }

  /** Drops what the database keeps about a draft (after it was sent or discarded). */
  async forget(account: string, draftId: string): Promise<void> {
    await this.drafts.remove(account, draftId);
    await this.uploads.removeForDraft(account, draftId);
  }

  private async answer(
    result: DraftSaveResponse['result'],
    mail: MailSession,
    draftId: string,
    row: DraftRow | undefined,
  ): Promise<DraftSaveResponse> {
    const path = row?.mailbox_path ?? null;
    return {
      result,
      draftId,
      mailboxId: path && row?.uid != null ? await this.mailboxIdOf(mail.email, path) : null,
      uid: path && row?.uid != null ? Number(row.uid) : null,
      revision: row?.revision == null ? null : Number(row.revision),
      savedAt: row?.saved_at ? new Date(Number(row.saved_at)).toISOString() : null,
    };
  }

  private async mailboxIdOf(account: string, path: string): Promise<string> {
    const record = (await this.folderIds.idsFor(account, [path])).get(path);
    if (!record) throw refusal('Internal', 500, 'internal', 'No id for the Drafts folder');
    return record.id;
  }
}
