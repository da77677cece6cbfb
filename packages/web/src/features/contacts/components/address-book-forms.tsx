import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import type { AddressBook } from '@webmail/contracts';
import { useState, type FormEvent } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { formErrorsOf } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useCreateAddressBook } from '../api/create-address-book';
import { useRenameAddressBook } from '../api/rename-address-book';

/** The text for a refused book name: the field's error, else the form's (an error other than a request's throws). */
function useNameErrorOf() {
  const { t: tErrors } = useTranslation('errors');
  return (err: unknown) => {
    if (!isApiRequestError(err)) throw err;
    const result = formErrorsOf(err, tErrors, ['name'], (texts) => texts[0]);
    return result.fields.name ?? result.form;
  };
}

/** Creates an address book by name; the field empties once the book is made. */
export function NewAddressBookForm({ userIndex }: { userIndex: number }) {
  const { t } = useTranslation('contacts');
  const errorOf = useNameErrorOf();
  const create = useCreateAddressBook(userIndex);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('books.nameRequired'));
    try {
      await create.mutateAsync(name.trim());
      setName('');
      setError(null);
    } catch (err) {
      setError(errorOf(err));
    }
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2 }}
    >
      <TextField
        size="small"
        label={t('books.newName')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={!!error}
        helperText={error}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" loading={create.isPending}>
        {t('books.create')}
      </Button>
    </Box>
  );
}

export interface RenameAddressBookItemProps {
  userIndex: number;
  book: AddressBook;
  /** Renamed or cancelled: the row shows the book again. */
  onDone: () => void;
}

/** A book's row while it is renamed: the name field in place, save and cancel. */
export function RenameAddressBookItem({ userIndex, book, onDone }: RenameAddressBookItemProps) {
  const { t } = useTranslation('contacts');
  const errorOf = useNameErrorOf();
  const rename = useRenameAddressBook(userIndex);
  const [name, setName] = useState(book.name);
  const [error, setError] = useState<string | null>(null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await rename.mutateAsync({ id: book.id, name: name.trim() });
      onDone();
    } catch (err) {
      setError(errorOf(err));
    }
  };
  return (
    <ListItem component="form" onSubmit={save} noValidate sx={{ gap: 1 }}>
      <TextField
        size="small"
        autoFocus
        label={t('books.rename')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={!!error}
        helperText={error}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" loading={rename.isPending}>
        {t('form.save')}
      </Button>
      <Button onClick={onDone}>{t('form.cancel')}</Button>
    </ListItem>
  );
}
