import type { AddressBook } from '@webmail/contracts';
import type { TFunction } from '../../../shared/i18n/translation';

/** The default book is named in the user's language; other books by their own names. */
export function addressBookName(
  book: Pick<AddressBook, 'name' | 'isDefault'>,
  t: TFunction<'contacts'[] | 'contacts'>,
): string {
  return book.isDefault ? t('contacts:defaultBook') : book.name;
}
