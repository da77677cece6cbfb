import { avatarLimits, type AvatarInfo } from '@webmail/contracts';
import { notFound, validationError } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import { ImageFormatError, NotAnImageError, resizeAvatar } from '../../infra/images/avatar-image.js';
import type { AccountAvatarRepository } from './account-avatar.repository.js';

export interface AccountAvatar extends AvatarInfo {
  data: Buffer;
  updatedAt: number;
}

/**
 * The account's own avatar (`/details/avatar`): one PNG, JPEG or WebP image, cropped square and resized to
 * `avatarLimits.pixels` on the server; anything else is refused with the old avatar kept (it is replaced only
 * after the new one is ready). One row per account, read by the account menu, user select and the Account page.
 */
export class AccountAvatarService {
  constructor(
    private readonly repo: AccountAvatarRepository,
    private readonly publish: PublishEvent,
  ) {}

  async get(account: string): Promise<AccountAvatar> {
    const row = await this.repo.find(account);
    if (!row) throw notFound('Avatar', 'avatarNotFound');
    return {
      etag: row.etag,
      contentType: row.content_type,
      width: Number(row.width),
      height: Number(row.height),
      data: Buffer.from(row.data),
      updatedAt: Number(row.updated_at),
    };
  }

  /** The ETag of each of these accounts' avatars (the account list shows them). */
  versions(accounts: string[]): Promise<Map<string, string>> {
    return this.repo.etags(accounts);
  }

  async replace(account: string, file: Buffer): Promise<AvatarInfo> {
    const image = await this.resize(file);
    await this.repo.save(account, {
      content_type: image.contentType,
      data: image.data,
      etag: image.etag,
      width: image.width,
      height: image.height,
      updated_at: Date.now(),
    });
    this.publish(account, { command: 'avatarUpdated' });
    return { etag: image.etag, contentType: image.contentType, width: image.width, height: image.height };
  }

  async remove(account: string): Promise<void> {
    await this.repo.remove(account);
    this.publish(account, { command: 'avatarUpdated' });
  }

  private async resize(file: Buffer) {
    try {
      return await resizeAvatar(file, { size: avatarLimits.pixels, formats: ['png', 'jpeg', 'webp'] });
    } catch (err) {
      if (err instanceof ImageFormatError)
        throw validationError({
          avatar: [{ code: 'avatarTypeNotAllowed', message: 'The avatar must be a PNG, JPEG or WebP image' }],
        });
      if (err instanceof NotAnImageError)
        throw validationError({
          avatar: [{ code: 'avatarNotImage', message: 'The avatar must be a single image file' }],
        });
      throw err;
    }
  }
}
