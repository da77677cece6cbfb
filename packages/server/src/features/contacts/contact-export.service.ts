import { Readable } from 'node:stream';
import type { ContactsRepository, ContactRow } from './contacts.repository.js';
import { writeContactsCsv } from './contacts-csv.js';
import { fieldsOf } from './contact-store.js';
import type { AddressBooksService } from './address-books.service.js';
import { servedVcard } from './vcard-write.js';

/** Contacts read and written per page, so an export of 10,000 contacts with photos never sits in memory whole. */
const pageSize = 500;

/** Export as vCard 4 (with PHOTO and CATEGORIES) or as a Google-layout CSV (`contacts.csv`). */
export class ContactExportService {
  constructor(
    private readonly repo: ContactsRepository,
    private readonly books: AddressBooksService,
  ) {}

  async export(account: string, format: 'vcf' | 'csv', addressBookId: string | undefined) {
    if (addressBookId) await this.books.resolve(account, addressBookId);
    const rows = await this.repo.allContacts(account, addressBookId);
    const groupNames = new Map((await this.repo.allGroups(account)).map((g) => [g.id, g.name]));
    if (format === 'csv') {
      const contacts = [];
      for (const page of pages(rows)) {
        const groups = await this.repo.groupsOfContacts(
          account,
          page.map((r) => r.id),
        );
        for (const row of page)
          contacts.push({
            fields: fieldsOf(row),
            groups: (groups.get(row.id) ?? []).map((id) => groupNames.get(id) ?? '').filter(Boolean),
          });
      }
      return {
        filename: 'contacts.csv',
        contentType: 'text/csv; charset=utf-8',
        body: '\uFEFF' + writeContactsCsv(contacts),
      };
    }
    const repo = this.repo;
    async function* cards() {
      for (const page of pages(rows)) {
        const ids = page.map((r) => r.id);
        const [groups, avatars] = await Promise.all([
          repo.groupsOfContacts(account, ids),
          repo.avatarsOf(account, ids),
        ]);
        let chunk = '';
        for (const row of page) {
          const avatar = avatars.get(row.id);
          chunk += servedVcard(row.vcard, {
            categories: (groups.get(row.id) ?? []).map((id) => groupNames.get(id) ?? '').filter(Boolean),
            ...(avatar ? { photo: { type: avatar.content_type, data: avatar.data } } : {}),
          });
        }
        yield chunk;
      }
    }
    return {
      filename: 'contacts.vcf',
      contentType: 'text/vcard; charset=utf-8',
      body: Readable.from(cards()),
    };
  }
}

function* pages(rows: ContactRow[]): Generator<ContactRow[]> {
  for (let i = 0; i < rows.length; i += pageSize) yield rows.slice(i, i + pageSize);
}
