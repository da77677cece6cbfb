import {
  contactLimits,
  type ContactImportProblem,
  type ContactImportResult,
  type ContactImportType,
} from '@webmail/contracts';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { AddressBooksService } from './address-books.service.js';
import { NotAnImageError, resizeAvatar, type StoredAvatar } from '../../infra/images/avatar-image.js';
import { mergeFields } from './contact-fields.js';
import { ContactStore, fieldsOf } from './contact-store.js';
import type { ContactRow, ContactsRepository } from './contacts.repository.js';
import { readImportFile, type Entry } from './contact-import-file.js';
import type { GroupsService } from './groups.service.js';

/** One import's transaction: where it writes and when. */
interface ImportRun {
  repo: ContactsRepository;
  store: ContactStore;
  account: string;
  bookId: string;
  now: number;
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
    const { format, entries, problems } = readImportFile(file, options.type);
    const photos = await this.photos(entries, problems);
    // A dropped address or photo is reported, but its entry was still taken: only whole entries count as skipped.
    const counts = {
      imported: 0,
      merged: 0,
      skipped: problems.filter((p) => !valueProblems.has(p.reason)).length,
    };
    const touchedGroups = new Set<string>();
    await this.repo.transaction(async (repo) => {
      const run: ImportRun = {
        repo,
        store: new ContactStore(repo),
        account,
        bookId: book.id,
        now: Date.now(),
      };
      const byUid = await this.importPeople(run, entries, { photos, problems, counts, touchedGroups });
      await this.importGroups(run, entries, byUid, touchedGroups);
    });
    this.publish(account, { command: 'addressbookUpdated', id: book.id });
    for (const id of touchedGroups) this.publish(account, { command: 'groupUpdated', id });
    return { addressBookId: book.id, format, ...counts, problems: problems.sort((a, b) => a.line - b.line) };
  }

  /**
   * The entries of people: merged into the book's contact with their UID or an address, else added while the
   * account is under its limit; their categories become groups. Returns the stored contacts' ids by UID.
   */
  private async importPeople(
    { repo, store, account, bookId, now }: ImportRun,
    entries: Entry[],
    out: {
      photos: Map<Entry, StoredAvatar>;
      problems: ContactImportProblem[];
      counts: { imported: number; merged: number; skipped: number };
      touchedGroups: Set<string>;
    },
  ): Promise<Map<string, string>> {
    const { photos, problems, counts, touchedGroups } = out;
    let total = await repo.contacts.countContacts(account);
    const byUid = new Map<string, string>();
    for (const entry of entries.filter((e) => e.kind === 'individual')) {
      const existing = await this.existing(repo, account, bookId, entry);
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
        row = await store.insert(account, bookId, entry.fields, {
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
        await repo.groups.addMembers(account, group.id, [row.id]);
        touchedGroups.add(group.id);
      }
    }
    return byUid;
  }

  /** Group entries (vCard `KIND:group`): found or made by name, with the members this import stored. */
  private async importGroups(
    { repo, account, now }: ImportRun,
    entries: Entry[],
    byUid: Map<string, string>,
    touchedGroups: Set<string>,
  ): Promise<void> {
    for (const entry of entries.filter((e) => e.kind === 'group')) {
      const name = entry.fields.fullName.slice(0, contactLimits.groupNameMax);
      if (!name) continue;
      const group = await this.groups.findOrCreateByName(repo, account, name, now);
      const ids = entry.members
        .map((m) => byUid.get(m) ?? byUid.get(m.replace(/^urn:uuid:/i, '')))
        .filter((id): id is string => !!id);
      await repo.groups.addMembers(account, group.id, ids);
      touchedGroups.add(group.id);
    }
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
      const byUid = await repo.contacts.contactByUid(bookId, entry.uid);
      if (byUid) return byUid;
    }
    const addresses = entry.fields.emails.map((e) => e.value.toLowerCase());
    if (addresses.length === 0) return undefined;
    const match = (await repo.contacts.contactIdsByAddresses(bookId, addresses))[0];
    return match ? repo.contacts.contact(account, match.contact_id) : undefined;
  }
}

async function saveAvatar(
  repo: ContactsRepository,
  account: string,
  ownerId: string,
  photo: StoredAvatar,
  at: number,
) {
  await repo.avatars.saveAvatar({
    owner_id: ownerId,
    account,
    content_type: photo.contentType,
    data: photo.data,
    etag: photo.etag,
    updated_at: at,
  });
}
