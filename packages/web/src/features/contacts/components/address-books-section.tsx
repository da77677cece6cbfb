import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AddressBook } from '@webmail/contracts';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../mailboxes/components/confirm-dialog';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { formErrorsOf } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { QueryView } from '../../../shared/ui/query-view';
import { useAddressBooks } from '../api/get-address-books';
import { useCreateAddressBook } from '../api/create-address-book';
import { useDeleteAddressBook } from '../api/delete-address-book';
import { useRenameAddressBook } from '../api/rename-address-book';
import { contactsExportUrl } from '../api/export-urls';
import { addressBookName } from './address-book-name';
import { useContactDialogs } from './contact-dialogs';

/** Address books: create, rename, export, delete (with its contacts, after confirmation; not the default). */
export function AddressBooksSection({ userIndex }: { userIndex: number }) {
  const { t } = useTranslation(['contacts', 'errors']);
  const { t: tErrors } = useTranslation('errors');
  const books = useAddressBooks(userIndex);
  const create = useCreateAddressBook(userIndex);
  const rename = useRenameAddressBook(userIndex);
  const remove = useDeleteAddressBook(userIndex);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AddressBook | null>(null);
  const dialogs = useContactDialogs();

  const errorOf = (err: unknown) => {
    if (!isApiRequestError(err)) throw err;
    const result = formErrorsOf(err, tErrors, ['name'], (texts) => texts[0]);
    return result.fields.name ?? result.form;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('contacts:books.nameRequired'));
    try {
      await create.mutateAsync(name.trim());
      setName('');
      setError(null);
    } catch (err) {
      setError(errorOf(err));
    }
  };
  const saveRename = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    try {
      await rename.mutateAsync({ id: editing.id, name: editing.name.trim() });
      setEditing(null);
      setEditError(null);
    } catch (err) {
      setEditError(errorOf(err));
    }
  };

  return (
    <Box sx={{ maxWidth: 720 }}>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2 }}
      >
        <TextField
          size="small"
          label={t('contacts:books.newName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!!error}
          helperText={error}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" loading={create.isPending}>
          {t('contacts:books.create')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => dialogs?.importContacts()}>
          {t('contacts:menu.import')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          component="a"
          href={contactsExportUrl(userIndex, 'vcf')}
          download
        >
          {t('contacts:menu.exportVcf')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          component="a"
          href={contactsExportUrl(userIndex, 'csv')}
          download
        >
          {t('contacts:menu.exportCsv')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('contacts:menu.exportCsvHelp')}
      </Typography>
      <QueryView query={books} loadFailed={t('contacts:panel.loadFailed')} loading={<Skeleton height={56} />}>
        {(list) => (
          <List aria-label={t('contacts:settings.tabs.addressBooks')}>
            {list.map((book) =>
              editing?.id === book.id ? (
                <ListItem key={book.id} component="form" onSubmit={saveRename} noValidate sx={{ gap: 1 }}>
                  <TextField
                    size="small"
                    autoFocus
                    label={t('contacts:books.rename')}
                    value={editing.name}
                    onChange={(e) => setEditing({ id: book.id, name: e.target.value })}
                    error={!!editError}
                    helperText={editError}
                    sx={{ flex: 1 }}
                  />
                  <Button type="submit" variant="contained" loading={rename.isPending}>
                    {t('contacts:form.save')}
                  </Button>
                  <Button onClick={() => setEditing(null)}>{t('contacts:form.cancel')}</Button>
                </ListItem>
              ) : (
                <ListItem
                  key={book.id}
                  divider
                  secondaryAction={
                    <Box sx={{ display: 'flex', gap: 0.5 }}>
                      <IconButton
                        component="a"
                        href={contactsExportUrl(userIndex, 'vcf', book.id)}
                        download
                        aria-label={t('contacts:books.export', { name: addressBookName(book, t) })}
                      >
                        <DownloadIcon />
                      </IconButton>
                      {!book.isDefault && (
                        <>
                          <IconButton
                            aria-label={t('contacts:books.renameNamed', { name: book.name })}
                            onClick={() => setEditing({ id: book.id, name: book.name })}
                          >
                            <EditIcon />
                          </IconButton>
                          <IconButton
                            aria-label={t('contacts:books.deleteNamed', { name: book.name })}
                            onClick={() => setDeleting(book)}
                          >
                            <DeleteIcon />
                          </IconButton>
                        </>
                      )}
                    </Box>
                  }
                >
                  <ListItemIcon>
                    <MenuBookIcon />
                  </ListItemIcon>
                  <ListItemText
                    primary={addressBookName(book, t)}
                    secondary={`${t('contacts:books.count', { count: book.count })}${book.isDefault ? ` · ${t('contacts:books.default')}` : ''}`}
                  />
                </ListItem>
              ),
            )}
          </List>
        )}
      </QueryView>
      <ConfirmDialog
        open={!!deleting}
        title={t('contacts:books.deleteTitle')}
        message={
          deleting ? t('contacts:books.deleteMessage', { name: deleting.name, count: deleting.count }) : ''
        }
        confirmLabel={t('contacts:delete.confirm')}
        cancelLabel={t('contacts:form.cancel')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          void remove.mutateAsync(deleting.id).then(
            () => setDeleting(null),
            () => undefined,
          )
        }
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
