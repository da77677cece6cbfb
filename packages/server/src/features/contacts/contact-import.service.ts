import {
  contactLimits,
  isValidEmail,
  type ContactImportProblem,
  type ContactImportResult,
  type ContactImportType,
} from '@webmail/contracts';
import { validationError } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { AddressBooksService } from './address-books.service.js';
import { NotAnImageError, resizeAvatar, type StoredAvatar } from '../../infra/images/avatar-image.js';
import { mergeFields, type ContactFields } from './contact-fields.js';
import { ContactStore, fieldsOf } from './contact-store.js';
import type { ContactRow, ContactsRepository } from './contacts.repository.js';
import { CsvLayoutError, parseContactsCsv } from './contacts-csv.js';
import type { GroupsService } from './groups.service.js';
import { looksLikeVcard, parseVcards } from './vcard.js';

/** One contact read from a file, whatever its format. */
interface Entry {
  line: number;
  uid: string | null;
  kind: 'individual' | 'group';
  fields: ContactFields;
  categories: string[];
  members: string[];
  photo: Buffer | null;
  extra: unknown[];
}

const valueProblems = new Set<ContactImportProblem['reason']>(['invalidEmail', 'invalidPhoto']);
const importMax = { emails: contactLimits.emailsMax, phones: contactLimits.phonesMax };

/**
 * Import of vCard 3/4 (2.1 too) and Google / Outlook CSV into one address book. A contact that has the UID of
 * one in the book, or any of its e-mail addresses, is merged into it instead of being added again (so a second
 * import of the same file adds nothing). Everything is written in one transaction: either the report describes
 * what was stored, or nothing was stored. Each entry left out (or value dropped) is reported with its line.
 * A file from which nothing at all can be taken is a 422.
 */
export class ContactImportService {
  constructor(
    private readonly repo: ContactsRepository,
    private readonly books: AddressBooksService,
    private readonly groups: GroupsService,
    private readonly maxPerUser: number,
    private readonly publish: PublishEvent,
  ) {}

  async import(
    account: string,
    options: { addressBookId?: string; type: ContactImportType },
    file: Buffer,
  ): Promise<ContactImportResult> {
    const book = await this.books.resolve(account, options.addressBookId);
    const { format, entries, problems } = this.read(decode(file), options.type);
    if (entries.length === 0) {
      const first = problems[0];
      const message = first
        ? `Nothing could be imported: line ${first.line}: ${first.message}`
        : 'The file holds no contacts';
      throw validationError({
        contactImport: [
          {
            code: first ? 'importUnreadable' : 'importEmpty',
            message,
            ...(first ? { params: { line: first.line } } : {}),
          },
        ],
      });
    }
    const photos = await this.photos(entries, problems);
    // A dropped address or photo is reported, but its entry was still taken: only whole entries count as skipped.
    const counts = {
      imported: 0,
      merged: 0,
      skipped: problems.filter((p) => !valueProblems.has(p.reason)).length,
    };
    const touchedGroups = new Set<string>();
    await this.repo.transaction(async (repo) => {
      const store = new ContactStore(repo);
      let total = await repo.countContacts(account);
      const byUid = new Map<string, string>();
      const now = Date.now();
      for (const entry of entries.filter((e) => e.kind === 'individual')) {
        const existing = await this.existing(repo, account, book.id, entry);
        const photo = photos.get(entry);
        let row: ContactRow;
        if (existing) {
          row = await store.update(existing, mergeFields(fieldsOf(existing), entry.fields, importMax), {
            at: now,
            hasAvatar: existing.has_avatar === 1 || !!photo,
            avatarEtag: photo?.etag,
          });
          if (photo && existing.has_avatar !== 1) await saveAvatar(repo, account, row.id, photo, now);
          counts.merged++;
        } else if (total >= this.maxPerUser) {
          problems.push({
            line: entry.line,
            reason: 'limitReached',
            message: `At most ${this.maxPerUser} contacts can be kept`,
          });
          counts.skipped++;
          continue;
        } else {
          row = await store.insert(account, book.id, entry.fields, {
            uid: entry.uid,
            extra: entry.extra,
            hasAvatar: !!photo,
            at: now,
          });
          if (photo) await saveAvatar(repo, account, row.id, photo, now);
          total++;
          counts.imported++;
        }
        if (entry.uid) byUid.set(entry.uid, row.id);
        byUid.set(row.uid, row.id);
        for (const name of entry.categories.slice(0, 50)) {
          const group = await this.groups.findOrCreateByName(
            repo,
            account,
            name.slice(0, contactLimits.groupNameMax),
            now,
          );
          await repo.addMembers(account, group.id, [row.id]);
          touchedGroups.add(group.id);
        }
      }
      for (const entry of entries.filter((e) => e.kind === 'group')) {
        const name = entry.fields.fullName.slice(0, contactLimits.groupNameMax);
        if (!name) continue;
        const group = await this.groups.findOrCreateByName(repo, account, name, now);
        const ids = entry.members
          .map((m) => byUid.get(m) ?? byUid.get(m.replace(/^urn:uuid:/i, '')))
          .filter((id): id is string => !!id);
        await repo.addMembers(account, group.id, ids);
        touchedGroups.add(group.id);
      }
    });
    this.publish(account, { command: 'addressbookUpdated', id: book.id });
    for (const id of touchedGroups) this.publish(account, { command: 'groupUpdated', id });
    return { addressBookId: book.id, format, ...counts, problems: problems.sort((a, b) => a.line - b.line) };
  }

  private read(text: string, type: ContactImportType) {
    const vcard = type === 'vcard' || (type === 'auto' && looksLikeVcard(text));
    const problems: ContactImportProblem[] = [];
    let entries: Entry[];
    let format: ContactImportResult['format'];
    if (vcard) {
      const parsed = parseVcards(text);
      problems.push(...parsed.problems);
      entries = parsed.cards;
      format = 'vcard';
    } else {
      try {
        const parsed = parseContactsCsv(text, type === 'google' || type === 'outlook' ? type : null);
        problems.push(...parsed.problems);
        entries = parsed.rows.map((r) => ({
          ...r,
          uid: null,
          kind: 'individual',
          members: [],
          photo: null,
          extra: [],
        }));
        format = parsed.layout;
      } catch (err) {
        if (!(err instanceof CsvLayoutError)) throw err;
        const code = err.kind === 'noEmailColumn' ? 'importNoEmailColumn' : 'importUnreadable';
        throw validationError({ contactImport: [{ code, message: err.message }] });
      }
    }
    return {
      format,
      entries: entries.map((e) => cleanEmails(e, problems)).filter((e): e is Entry => !!e),
      problems,
    };
  }

  /** Photos resized before the transaction (it should stay short); one that is no image is reported and left out. */
  private async photos(
    entries: Entry[],
    problems: ContactImportProblem[],
  ): Promise<Map<Entry, StoredAvatar>> {
    const photos = new Map<Entry, StoredAvatar>();
    for (const entry of entries) {
      if (!entry.photo || entry.photo.length === 0) continue;
      try {
        photos.set(entry, await resizeAvatar(entry.photo, { size: contactLimits.avatarPixels }));
      } catch (err) {
        if (!(err instanceof NotAnImageError)) throw err;
        problems.push({
          line: entry.line,
          reason: 'invalidPhoto',
          message: 'The photo is not an image; the contact was imported without it',
        });
      }
    }
    return photos;
  }

  /** The book's contact with the entry's UID, else one with any of its e-mail addresses. */
  private async existing(
    repo: ContactsRepository,
    account: string,
    bookId: string,
    entry: Entry,
  ): Promise<ContactRow | undefined> {
    if (entry.uid) {
      const byUid = await repo.contactByUid(bookId, entry.uid);
      if (byUid) return byUid;
    }
    const addresses = entry.fields.emails.map((e) => e.value.toLowerCase());
    if (addresses.length === 0) return undefined;
    const match = (await repo.contactIdsByAddresses(bookId, addresses))[0];
    return match ? repo.contact(account, match.contact_id) : undefined;
  }
}

/** Invalid addresses are dropped (and reported); an entry left with neither name nor address is skipped. */
function cleanEmails(entry: Entry, problems: ContactImportProblem[]): Entry | null {
  const seen = new Set<string>();
  const emails = entry.fields.emails.filter((e) => {
    const key = e.value.toLowerCase();
    if (!isValidEmail(e.value)) {
      problems.push({
        line: entry.line,
        reason: 'invalidEmail',
        message: `"${e.value.slice(0, 100)}" is not a valid e-mail address; it was left out`,
      });
      return false;
    }
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (entry.kind === 'individual' && !entry.fields.fullName && emails.length === 0) {
    if (entry.fields.emails.length === 0)
      problems.push({
        line: entry.line,
        reason: 'noNameOrEmail',
        message: 'The entry has neither a name nor an e-mail address',
      });
    return null;
  }
  return { ...entry, fields: { ...entry.fields, emails } };
}

async function saveAvatar(
  repo: ContactsRepository,
  account: string,
  ownerId: string,
  photo: StoredAvatar,
  at: number,
) {
  await repo.saveAvatar({
    owner_id: ownerId,
    account,
    content_type: photo.contentType,
    data: photo.data,
    etag: photo.etag,
    updated_at: at,
  });
}

/** UTF-8 (with or without BOM); a file that is not valid UTF-8 is read as Windows-1252 (Outlook's ANSI CSV). */
function decode(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(file);
  }
}
