import { createHash } from 'node:crypto';
import type { DraftContent, DraftSaveResponse, ResumedDraft } from '@webmail/contracts';
import { AppError, notFound } from '../../infra/errors.js';
import { buildMessage, type OutgoingMessage } from '../../mail/mime/build-message.js';
import type { AuthService, SessionContext } from '../auth/auth.service.js';
import type { MailboxIdsRepository } from '../mailboxes/mailbox-ids.repository.js';
import type { AttachmentResolver, ResolvedAttachment } from './attachment-resolver.js';
import { draftIdHeader, readDraft, removeDraft, replaceDraft, specialFolderPath } from './draft-folder.js';
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
    private readonly auth: AuthService,
    private readonly mailboxIds: MailboxIdsRepository,
    private readonly drafts: DraftsRepository,
    private readonly outbox: OutboxRepository,
    private readonly uploads: UploadsRepository,
    private readonly uploadsService: UploadsService,
    private readonly resolver: AttachmentResolver,
  ) {}

  /** Loads attachments, builds the message shape and checks every limit (422 on any problem). */
  async prepare(session: SessionContext, draftId: string, draft: DraftContent, forSend: boolean) {
    const attachments = await this.resolver.resolve(session, draft.attachments);
    const me = await this.auth.me(session);
    const { message, dataImages } = toOutgoing(draft, attachments, {
      account: session.email,
      name: me.name,
      messageId: messageIdFor(session.email, draftId),
      date: new Date(),
    });
    checkDraft(draft, { attachments, dataImages, html: message.html }, { account: session.email, forSend });
    return { draft, attachments, message } satisfies PreparedDraft;
  }

  /**
   * Saves a draft to the IMAP Drafts folder (append new version, expunge older ones). Idempotent: the
   * same content again, an older revision, or a draft already handed to the outbox is `skipped`.
   */
  async save(
    session: SessionContext,
    draftId: string,
    draft: DraftContent,
    revision: number | undefined,
    prepared?: PreparedDraft,
  ): Promise<DraftSaveResponse> {
    return this.locks.run(`${session.email}\n${draftId}`, async () => {
      const row = await this.drafts.find(session.email, draftId);
      const hash = createHash('sha256').update(JSON.stringify(draft)).digest('base64url');
      const stale = revision !== undefined && row?.revision != null && revision <= Number(row.revision);
      const entry = await this.outbox.findByDraft(session.email, draftId);
      const unchanged = row?.content_hash === hash && row.uid !== null;
      if (stale || unchanged || (entry && sendingStatuses.includes(entry.status))) {
        return this.answer('skipped', session, draftId, row);
      }
      if (!row?.uid && isEmptyDraft(draft)) return this.answer('nothingToSave', session, draftId, row);
      const ready = prepared ?? (await this.prepare(session, draftId, draft, false));
      const raw = await buildMessage(
        { ...ready.message, headers: { [draftIdHeader]: draftId } },
        { keepBcc: true },
      );
      const client = await this.auth.imap(session);
      const path = await specialFolderPath(client, '\\Drafts');
      const uid = await replaceDraft(client, path, draftId, raw);
      const now = Date.now();
      const saved: DraftRow = {
        account: session.email,
        draft_id: draftId,
        content_hash: hash,
        revision: revision ?? row?.revision ?? null,
        mailbox_path: path,
        uid,
        saved_at: now,
        updated_at: now,
      };
      await this.drafts.save(saved);
      const uploadIds = ready.attachments.flatMap((a) => (a.uploadId ? [a.uploadId] : []));
      await this.uploads.touch(session.email, uploadIds, now);
      return this.answer('saved', session, draftId, saved);
    });
  }

  /** Reads the draft back from Drafts; its attachments become uploads again, ready to save or send. */
  async resume(session: SessionContext, draftId: string): Promise<ResumedDraft> {
    const client = await this.auth.imap(session);
    const path = await specialFolderPath(client, '\\Drafts');
    const found = await readDraft(client, path, draftId);
    if (!found) throw notFound('Draft');
    const parsed = await parseDraft(found.source);
    const attachments = [];
    for (const file of parsed.files)
      attachments.push(await this.uploadsService.store(session.email, draftId, file));
    const row = await this.drafts.find(session.email, draftId);
    return {
      draftId,
      mailboxId: await this.mailboxIdOf(session.email, path),
      uid: found.uid,
      revision: row?.revision == null ? null : Number(row.revision),
      draft: toContractDraft({ ...parsed, attachments }, session.email),
    };
  }

  /** The user discards the draft: every version leaves Drafts, with its uploads. */
  async discard(session: SessionContext, draftId: string): Promise<void> {
    await this.locks.run(`${session.email}\n${draftId}`, async () => {
      const entry = await this.outbox.findByDraft(session.email, draftId);
      if (entry && ['queued', 'sending'].includes(entry.status)) {
        throw new AppError('ValidationError', 422, 'This draft is being sent; undo the send first', {
          draftId: ['This draft is being sent; undo the send first'],
        });
      }
      const client = await this.auth.imap(session);
      await removeDraft(client, await specialFolderPath(client, '\\Drafts'), draftId);
      await this.forget(session.email, draftId);
    });
  }

  /** Drops what the database keeps about a draft (after it was sent or discarded). */
  async forget(account: string, draftId: string): Promise<void> {
    await this.drafts.remove(account, draftId);
    await this.uploads.removeForDraft(account, draftId);
  }

  private async answer(
    result: DraftSaveResponse['result'],
    session: SessionContext,
    draftId: string,
    row: DraftRow | undefined,
  ): Promise<DraftSaveResponse> {
    const path = row?.mailbox_path ?? null;
    return {
      result,
      draftId,
      mailboxId: path && row?.uid != null ? await this.mailboxIdOf(session.email, path) : null,
      uid: path && row?.uid != null ? Number(row.uid) : null,
      revision: row?.revision == null ? null : Number(row.revision),
      savedAt: row?.saved_at ? new Date(Number(row.saved_at)).toISOString() : null,
    };
  }

  private async mailboxIdOf(account: string, path: string): Promise<string> {
    const record = (await this.mailboxIds.idsFor(account, [path])).get(path);
    if (!record) throw new AppError('Internal', 500, 'No id for the Drafts folder');
    return record.id;
  }
}
