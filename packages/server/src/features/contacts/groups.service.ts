import type { Group, GroupListResponse, GroupPatch } from '@webmail/contracts';
import type { GroupInput as GroupInputSchema } from '@webmail/contracts';
import type { z } from 'zod';
import { notFound, validationError } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { AvatarsService } from './avatars.service.js';
import { groupEtag, groupView, newId } from './contact-store.js';
import type { ContactsRepository, GroupRow } from './contacts.repository.js';
import { tokensOf } from './contacts.service.js';
import { newUid } from './vcard-write.js';

export type ParsedGroupInput = z.output<typeof GroupInputSchema>;
export type ParsedGroupPatch = { [K in keyof GroupPatch]?: Exclude<GroupPatch[K], undefined> };

/** Groups of contacts: names are unique per account (case-insensitively); members are contact ids. */
export class GroupsService {
  constructor(
    private readonly repo: ContactsRepository,
    private readonly avatars: AvatarsService,
    private readonly publish: PublishEvent,
  ) {}

  async list(account: string, query: string, offset: number, limit: number): Promise<GroupListResponse> {
    const tokens = tokensOf(query);
    if (tokens === null) return { groups: [], total: 0, offset, limit };
    const { rows, total } = await this.repo.groups(account, tokens, offset, limit);
    const members = await this.repo.members(
      account,
      rows.map((r) => r.id),
    );
    return { groups: rows.map((r) => groupView(r, members.get(r.id) ?? [])), total, offset, limit };
  }

  async get(account: string, id: string): Promise<Group> {
    const row = await this.find(account, id);
    return groupView(row, (await this.repo.members(account, [id])).get(id) ?? []);
  }

  async create(account: string, input: ParsedGroupInput, avatar: Buffer | null): Promise<Group> {
    await this.checkName(account, input.name);
    const members = await this.ownContacts(account, input.members);
    const stored = avatar ? await this.avatars.prepare(avatar) : null;
    const now = Date.now();
    const row: GroupRow = {
      id: newId(),
      account,
      uid: newUid(),
      name: input.name,
      description: input.description,
      search_text: input.name.toLowerCase(),
      revision: 1,
      etag: '',
      has_avatar: stored ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
    row.etag = groupEtag(row, members, stored?.etag);
    await this.repo.transaction(async (repo) => {
      await repo.insertGroup(row);
      await repo.addMembers(account, row.id, members);
      if (stored)
        await repo.saveAvatar({
          owner_id: row.id,
          account,
          content_type: stored.contentType,
          data: stored.data,
          etag: stored.etag,
          updated_at: now,
        });
    });
    this.publish(account, { command: 'groupUpdated', id: row.id });
    return this.get(account, row.id);
  }

  async update(account: string, id: string, patch: ParsedGroupPatch, avatar: Buffer | null): Promise<Group> {
    const row = await this.find(account, id);
    if (patch.name !== undefined && patch.name.toLowerCase() !== row.name.toLowerCase())
      await this.checkName(account, patch.name);
    const members = patch.members ? await this.ownContacts(account, patch.members) : null;
    const stored = avatar ? await this.avatars.prepare(avatar) : null;
    const removeAvatar = patch.removeAvatar === 'true' && !stored;
    const now = Date.now();
    await this.repo.transaction(async (repo) => {
      const next: GroupRow = {
        ...row,
        name: patch.name ?? row.name,
        description: patch.description ?? row.description,
        search_text: (patch.name ?? row.name).toLowerCase(),
        revision: Number(row.revision) + 1,
        has_avatar: stored ? 1 : removeAvatar ? 0 : row.has_avatar,
        updated_at: now,
      };
      if (members) {
        const current = (await repo.members(account, [id])).get(id) ?? [];
        await repo.removeMembers(
          account,
          id,
          current.filter((m) => !members.includes(m)),
        );
        await repo.addMembers(account, id, members);
      }
      if (stored)
        await repo.saveAvatar({
          owner_id: id,
          account,
          content_type: stored.contentType,
          data: stored.data,
          etag: stored.etag,
          updated_at: now,
        });
      if (removeAvatar) await repo.deleteAvatar(account, id);
      next.etag = groupEtag(next, members ?? [], stored?.etag);
      await repo.updateGroup(next);
    });
    this.publish(account, { command: 'groupUpdated', id });
    return this.get(account, id);
  }

  async remove(account: string, id: string): Promise<void> {
    await this.find(account, id);
    await this.repo.transaction((repo) => repo.deleteGroup(account, id));
    this.publish(account, { command: 'groupDeleted', id });
  }

  async find(account: string, id: string): Promise<GroupRow> {
    const row = await this.repo.group(account, id);
    if (!row) throw notFound('Group', 'groupNotFound');
    return row;
  }

  /** The group found by name, or a new one (imports: CATEGORIES and CSV labels become groups). */
  async findOrCreateByName(
    repo: ContactsRepository,
    account: string,
    name: string,
    at: number,
  ): Promise<GroupRow> {
    const existing = await repo.groupByName(account, name);
    if (existing) return existing;
    const row: GroupRow = {
      id: newId(),
      account,
      uid: newUid(),
      name,
      description: '',
      search_text: name.toLowerCase(),
      revision: 1,
      etag: '',
      has_avatar: 0,
      created_at: at,
      updated_at: at,
    };
    row.etag = groupEtag(row, []);
    await repo.insertGroup(row);
    return row;
  }

  private async checkName(account: string, name: string): Promise<void> {
    if (await this.repo.groupByName(account, name))
      throw validationError({ name: [{ code: 'notAllowed', message: 'A group of that name exists' }] });
  }

  /** Member ids must be the account's own contacts (422 otherwise: another account's id is never taken). */
  private async ownContacts(account: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const found = await this.repo.contactsById(account, unique);
    if (found.length !== unique.length)
      throw validationError({
        members: [{ code: 'notAllowed', message: 'A member is not one of your contacts' }],
      });
    return unique;
  }
}
