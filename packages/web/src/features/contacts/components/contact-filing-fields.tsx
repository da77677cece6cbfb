import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AddressBook } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { useGroups } from '../api/get-groups';
import { addressBookName } from './address-book-name';

export interface ContactFilingFieldsProps {
  userIndex: number;
  books: AddressBook[];
  /** The chosen book (the default book when the user chose none). */
  bookId: string;
  onBookChange: (id: string) => void;
  groupIds: string[];
  onGroupsChange: (ids: string[]) => void;
}

/**
 * Where a contact is filed: its address book and its groups, side by side. A group deleted meanwhile (on another
 * device) is left out of the value, so the field never shows an id without a name.
 */
export function ContactFilingFields(props: ContactFilingFieldsProps) {
  const { userIndex, books, bookId, onBookChange, groupIds, onGroupsChange } = props;
  const { t } = useTranslation('contacts');
  const groups = useGroups(userIndex).data ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
      <TextField
        select
        label={t('form.addressBook')}
        value={books.some((b) => b.id === bookId) ? bookId : ''}
        onChange={(event) => onBookChange(event.target.value)}
      >
        {books.map((book) => (
          <MenuItem key={book.id} value={book.id}>
            {addressBookName(book, t)}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        multiple
        options={groups.map((g) => g.id)}
        value={groupIds.filter((id) => groups.some((g) => g.id === id))}
        getOptionLabel={(id) => groups.find((g) => g.id === id)?.name ?? ''}
        onChange={(_event, ids) => onGroupsChange(ids)}
        renderInput={(params) => <TextField {...params} label={t('form.groups')} />}
      />
    </Box>
  );
}
