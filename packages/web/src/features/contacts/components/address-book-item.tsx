import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { AddressBook } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { contactsExportUrl } from '../api/export-urls';
import { addressBookName } from './address-book-name';

export interface AddressBookItemProps {
  userIndex: number;
  book: AddressBook;
  onRename: () => void;
  onDelete: () => void;
}

/** A book's row: name, contact count, and export; rename and delete for all books but the default. */
export function AddressBookItem({ userIndex, book, onRename, onDelete }: AddressBookItemProps) {
  const { t } = useTranslation('contacts');
  return (
    <ListItem
      divider
      secondaryAction={
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <IconButton
            component="a"
            href={contactsExportUrl(userIndex, 'vcf', book.id)}
            download
            aria-label={t('books.export', { name: addressBookName(book, t) })}
          >
            <DownloadIcon />
          </IconButton>
          {!book.isDefault && (
            <>
              <IconButton aria-label={t('books.renameNamed', { name: book.name })} onClick={onRename}>
                <EditIcon />
              </IconButton>
              <IconButton aria-label={t('books.deleteNamed', { name: book.name })} onClick={onDelete}>
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
        secondary={`${t('books.count', { count: book.count })}${book.isDefault ? ` · ${t('books.default')}` : ''}`}
      />
    </ListItem>
  );
}
