import type { Folder } from '@webmail/contracts';
import type { TFunction } from 'i18next';

/** System folders show their role in the interface language ("Saapuneet" rather than the server's "INBOX"). */
export function folderDisplayName(
  folder: Pick<Folder, 'name' | 'specialUse'>,
  t: TFunction<'mailboxes'>,
): string {
  return folder.specialUse ? t(`specialUse.${folder.specialUse}`) : folder.name;
}
