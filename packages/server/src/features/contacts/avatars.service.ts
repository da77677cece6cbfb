import { contactLimits } from '@webmail/contracts';
import { notFound, validationError } from '../../infra/errors.js';
import { NotAnImageError, resizeAvatar, type StoredAvatar } from '../../infra/images/avatar-image.js';
import type { AvatarRow, ContactsRepository } from './contacts.repository.js';

/** Avatars of contacts and groups: checked and resized before they are stored, served by owner. */
export class AvatarsService {
  constructor(private readonly repo: ContactsRepository) {}

  /** The image resized for storing; a file that is no image is a 422 on `avatar`. */
  async prepare(file: Buffer): Promise<StoredAvatar> {
    try {
      return await resizeAvatar(file, { size: contactLimits.avatarPixels });
    } catch (err) {
      if (err instanceof NotAnImageError)
        throw validationError({
          avatar: [
            {
              code: 'avatarNotImage',
              message: 'The avatar must be a single image file (JPEG, PNG, WebP, GIF, AVIF, HEIF)',
            },
          ],
        });
      throw err;
    }
  }

  /** The stored avatar of the account's contact (or group); 404 when it has none or is someone else's. */
  async get(account: string, ownerId: string, what: 'Contact' | 'Group'): Promise<AvatarRow> {
    const row = await this.repo.avatars.avatar(account, ownerId);
    if (!row) throw notFound(`${what} avatar`, what === 'Contact' ? 'contactNotFound' : 'groupNotFound');
    return row;
  }
}
