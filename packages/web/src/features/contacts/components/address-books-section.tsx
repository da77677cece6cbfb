import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AddressBook } from '@webmail/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useTranslation } from '../../../shared/i18n/translation';
import { QueryView } from '../../../shared/ui/query-view';
import { useAddressBooks } from '../api/get-address-books';
import { useDeleteAddressBook } from '../api/delete-address-book';
import { contactsExportUrl } from '../api/export-urls';
import { AddressBookItem } from './address-book-item';
import { NewAddressBookForm, RenameAddressBookItem } from './address-book-forms';
import { useContactDialogs } from './contact-dialogs';

/** Address books: create, rename, export, delete (with its contacts, after confirmation; not the default). */
export function AddressBooksSection({ userIndex }: { userIndex: number }) {
  const { t } = useTranslation('contacts');
  const books = useAddressBooks(userIndex);
  const remove = useDeleteAddressBook(userIndex);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AddressBook | null>(null);
  const dialogs = useContactDialogs();

  return (
    <Box sx={{ maxWidth: 720 }}>
      <NewAddressBookForm userIndex={userIndex} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => dialogs?.importContacts()}>
          {t('menu.import')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          component="a"
          href={contactsExportUrl(userIndex, 'vcf')}
          download
        >
          {t('menu.exportVcf')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          component="a"
          href={contactsExportUrl(userIndex, 'csv')}
          download
        >
          {t('menu.exportCsv')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('menu.exportCsvHelp')}
      </Typography>
      <QueryView query={books} loadFailed={t('panel.loadFailed')} loading={<Skeleton height={56} />}>
        {(list) => (
          <List aria-label={t('settings.tabs.addressBooks')}>
            {list.map((book) =>
              editingId === book.id ? (
                <RenameAddressBookItem
                  key={book.id}
                  userIndex={userIndex}
                  book={book}
                  onDone={() => setEditingId(null)}
                />
              ) : (
                <AddressBookItem
                  key={book.id}
                  userIndex={userIndex}
                  book={book}
                  onRename={() => setEditingId(book.id)}
                  onDelete={() => setDeleting(book)}
                />
              ),
            )}
          </List>
        )}
      </QueryView>
      <ConfirmDialog
        open={!!deleting}
        title={t('books.deleteTitle')}
        message={deleting ? t('books.deleteMessage', { name: deleting.name, count: deleting.count }) : ''}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('form.cancel')}
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
