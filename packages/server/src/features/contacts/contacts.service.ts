import {
  contactLimits,
  type Contact,
  type ContactListResponse,
  type ContactMassAction,
  type ContactPatch,
  type ContactSuggestion,
} from '@webmail/contracts';
import type { z } from 'zod';
import type {
  ContactInput as ContactInputSchema,
  ContactListQuery as ListQuerySchema,
} from '@webmail/contracts';
import { AppError, notFound, validationError } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { AddressBooksService } from './address-books.service.js';
import type { AvatarsService } from './avatars.service.js';
import { contactView, ContactStore, fieldsOf, storedEmails } from './contact-store.js';
import type { ContactFields } from './contact-fields.js';
import type { ContactRow, ContactsRepository } from './contacts.repository.js';

export type ParsedContactInput = z.output<typeof ContactInputSchema>;
export type ParsedListQuery = z.output<typeof ListQuerySchema>;
export type ParsedContactPatch = { [K in keyof ContactPatch]?: Exclude<ContactPatch[K], undefined> };

export interface ContactsLimits {
  maxPerUser: number;
}

/** Query text as search tokens: lower-cased words, at most 10; a query over 255 characters finds nothing. */
export function tokensOf(query: string): string[] | null {
  if (query.length > contactLimits.queryMax) return null;
  return query.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
}

/** Contacts: list and search, one contact, create, change, delete, several at once, autocomplete. */
export class ContactsService {
  private readonly store: ContactStore;

  constructor(
    private readonly repo: ContactsRepository,
    private readonly books: AddressBooksService,
    private readonly avatars: AvatarsService,
    private readonly limits: ContactsLimits,
    private readonly publish: PublishEvent,
  ) {
    this.store = new ContactStore(repo);
  }

  async list(account: string, query: ParsedListQuery): Promise<ContactListResponse> {
    await this.books.defaultBook(account);
    const tokens = tokensOf(query.query);
    if (query.addressBookId) await this.books.resolve(account, query.addressBookId);
    if (query.groupId && !(await this.repo.groups.group(account, query.groupId)))
      throw notFound('Group', 'groupNotFound');
    if (tokens === null) return { contacts: [], total: 0, offset: query.offset, limit: query.limit };
    const { rows, total } = await this.repo.contacts.list(account, { ...query, tokens });
    return { contacts: await this.views(account, rows), total, offset: query.offset, limit: query.limit };
  }

  async get(account: string, id: string): Promise<Contact> {
    const row = await this.find(account, id);
    return (await this.views(account, [row]))[0]!;
  }

  async create(account: string, input: ParsedContactInput, avatar: Buffer | null): Promise<Contact> {
    const book = await this.books.resolve(account, input.addressBookId);
    await this.checkGroups(account, input.groups);
    if ((await this.repo.contacts.countContacts(account)) >= this.limits.maxPerUser)
      throw limitReached(this.limits.maxPerUser);
    const stored = avatar ? await this.avatars.prepare(avatar) : null;
    const row = await this.repo.transaction(async (repo) => {
      const now = Date.now();
      const created = await new ContactStore(repo).insert(account, book.id, fieldsFromInput(input), {
        at: now,
        hasAvatar: !!stored,
      });
      if (stored)
        await repo.avatars.saveAvatar({
          owner_id: created.id,
          account,
          content_type: stored.contentType,
          data: stored.data,
          etag: stored.etag,
          updated_at: now,
        });
      await repo.groups.setGroupsOfContact(account, created.id, input.groups);
      return created;
    });
    this.publish(account, { command: 'contactUpdated', id: row.id });
    return this.get(account, row.id);
  }

  async update(
    account: string,
    id: string,
    patch: ParsedContactPatch,
    avatar: Buffer | null,
  ): Promise<Contact> {
    const row = await this.find(account, id);
    const book = patch.addressBookId ? await this.books.resolve(account, patch.addressBookId) : null;
    if (patch.groups) await this.checkGroups(account, patch.groups);
    const current = fieldsOf(row);
    const fields: ContactFields = {
      fullName: patch.fullName ?? current.fullName,
      emails: patch.emails?.map((e) => ({ value: e.value, label: e.label ?? '' })) ?? current.emails,
      phones: patch.phones?.map((p) => ({ value: p.value, label: p.label ?? '' })) ?? current.phones,
      organization: patch.organization ?? current.organization,
      notes: patch.notes ?? current.notes,
    };
    if (!fields.fullName && fields.emails.length === 0)
      throw validationError({
        fullName: [{ code: 'contactNameOrEmail', message: 'A contact needs a name or an e-mail address' }],
      });
    const stored = avatar ? await this.avatars.prepare(avatar) : null;
    const removeAvatar = patch.removeAvatar === 'true' && !stored;
    await this.repo.transaction(async (repo) => {
      const now = Date.now();
      if (stored)
        await repo.avatars.saveAvatar({
          owner_id: id,
          account,
          content_type: stored.contentType,
          data: stored.data,
          etag: stored.etag,
          updated_at: now,
        });
      if (removeAvatar) await repo.avatars.deleteAvatar(account, id);
      const hasAvatar = stored ? true : removeAvatar ? false : undefined;
      await new ContactStore(repo).update(row, fields, {
        addressBookId: book?.id,
        hasAvatar,
        avatarEtag: stored?.etag,
        at: now,
      });
      if (patch.groups) await repo.groups.setGroupsOfContact(account, id, patch.groups);
    });
    this.publish(account, { command: 'contactUpdated', id });
    return this.get(account, id);
  }

  async remove(account: string, id: string): Promise<void> {
    const row = await this.find(account, id);
    await this.repo.transaction((repo) => new ContactStore(repo).remove(account, [row], Date.now()));
    this.publish(account, { command: 'contactDeleted', id });
  }

  /** Several contacts at once; ids of other accounts (or gone) are not handled and not counted. */
  async massAction(account: string, action: ContactMassAction): Promise<{ handled: number }> {
    const rows = await this.repo.contacts.contactsById(account, [...new Set(action.ids)]);
    const ids = rows.map((r) => r.id);
    const now = Date.now();
    if (action.action === 'delete') {
      await this.repo.transaction((repo) => new ContactStore(repo).remove(account, rows, now));
      for (const id of ids) this.publish(account, { command: 'contactDeleted', id });
    } else if (action.action === 'move') {
      const book = await this.books.resolve(account, action.addressBookId);
      await this.repo.transaction(async (repo) => {
        const store = new ContactStore(repo);
        for (const row of rows)
          if (row.address_book_id !== book.id)
            await store.update(row, fieldsOf(row), { addressBookId: book.id, at: now });
      });
      this.publish(account, { command: 'addressbookUpdated', id: book.id });
    } else {
      const group = await this.repo.groups.group(account, action.groupId);
      if (!group) throw notFound('Group', 'groupNotFound');
      await this.repo.transaction(async (repo) => {
        if (action.action === 'addToGroup') await repo.groups.addMembers(account, group.id, ids);
        else await repo.groups.removeMembers(account, group.id, ids);
      });
      this.publish(account, { command: 'groupUpdated', id: group.id });
    }
    return { handled: ids.length };
  }

  /** Autocomplete: groups whose name matches, then contacts (one suggestion per matching address). */
  async suggestions(account: string, query: string, limit: number): Promise<ContactSuggestion[]> {
    const tokens = tokensOf(query);
    if (!tokens || tokens.length === 0) return [];
    const groups = await this.repo.groups.suggestGroups(account, tokens, limit);
    const members = await this.repo.groups.members(
      account,
      groups.map((g) => g.id),
    );
    const memberRows = await this.repo.contacts.contactsById(account, [
      ...new Set([...members.values()].flat()),
    ]);
    const byId = new Map(memberRows.map((r) => [r.id, r]));
    const result: ContactSuggestion[] = groups.map((g) => ({
      kind: 'group',
      id: `group:${g.id}`,
      groupId: g.id,
      name: g.name,
      hasAvatar: g.has_avatar === 1,
      etag: g.etag,
      members: (members.get(g.id) ?? [])
        .flatMap((id) => {
          const row = byId.get(id);
          const first = row ? storedEmails(row)[0] : undefined;
          return row && first ? [{ name: row.full_name, address: first.value }] : [];
        })
        .sort((x, y) => x.name.localeCompare(y.name) || x.address.localeCompare(y.address)),
    }));
    for (const row of await this.repo.contacts.suggestContacts(account, tokens, limit)) {
      const emails = storedEmails(row);
      const nameMatches = tokens.every((t) =>
        `${row.full_name} ${row.organization}`.toLowerCase().includes(t),
      );
      for (const [index, email] of emails.entries()) {
        if (!nameMatches && !tokens.every((t) => `${row.full_name} ${email.value}`.toLowerCase().includes(t)))
          continue;
        result.push({
          kind: 'contact',
          id: `${row.id}:${index}`,
          contactId: row.id,
          name: row.full_name,
          address: email.value,
          hasAvatar: row.has_avatar === 1,
          etag: row.etag,
        });
      }
    }
    return result.slice(0, limit);
  }

  async find(account: string, id: string): Promise<ContactRow> {
    const row = await this.repo.contacts.contact(account, id);
    if (!row) throw notFound('Contact', 'contactNotFound');
    return row;
  }

  async views(account: string, rows: ContactRow[]): Promise<Contact[]> {
    const groups = await this.repo.groups.groupsOfContacts(
      account,
      rows.map((r) => r.id),
    );
    return rows.map((r) => contactView(r, groups.get(r.id) ?? []));
  }

  private async checkGroups(account: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await this.repo.groups.groupsByIds(account, [...new Set(ids)]);
    if (found.length !== new Set(ids).size)
      throw validationError({ groups: [{ code: 'notAllowed', message: 'A group does not exist' }] });
  }
}

function fieldsFromInput(input: ParsedContactInput): ContactFields {
  return {
    fullName: input.fullName,
    emails: input.emails.map((e) => ({ value: e.value, label: e.label })),
    phones: input.phones.map((p) => ({ value: p.value, label: p.label })),
    organization: input.organization,
    notes: input.notes,
  };
}

export function limitReached(max: number): AppError {
  const message = `At most ${max} contacts can be kept`;
  return new AppError('ValidationError', 422, message, { _: [message] }, undefined, {
    reason: 'contactLimitReached',
    fieldErrors: { _: [{ code: 'contactLimitReached', params: { max } }] },
  });
}
