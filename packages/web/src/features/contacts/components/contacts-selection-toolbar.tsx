import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import MoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import GroupAddIcon from '@mui/icons-material/GroupAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { Contact } from '@webmail/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useAddressBooks } from '../api/get-address-books';
import { useContactsMassAction } from '../api/contacts-mass-action';
import { useGroups } from '../api/get-groups';
import { addressBookName } from './address-book-name';
import { useContactDialogs } from './contact-dialogs';

export interface ContactsSelectionToolbarProps {
  userIndex: number;
  /** The contacts loaded so far (what "select all" selects). */
  contacts: Contact[];
  /** How many contacts match the search, loaded or not. */
  total: number;
  selected: Map<string, Contact>;
  onSelect: (selected: Map<string, Contact>) => void;
}

/**
 * The table's selection toolbar: select all, the count, and for a selection delete, move to another address book
 * and add to a group (or a new group of the selection). A done action clears the selection.
 */
export function ContactsSelectionToolbar(props: ContactsSelectionToolbarProps) {
  const { userIndex, contacts, total, selected, onSelect } = props;
  const { t } = useTranslation('contacts');
  const dialogs = useContactDialogs();
  const books = useAddressBooks(userIndex).data ?? [];
  const groups = useGroups(userIndex).data ?? [];
  const mass = useContactsMassAction(userIndex);
  const [menu, setMenu] = useState<{ kind: 'move' | 'group'; anchor: HTMLElement } | null>(null);
  const ids = [...selected.keys()];
  const allSelected = contacts.length > 0 && contacts.every((c) => selected.has(c.id));
  const runMass = (body: Parameters<typeof mass.mutate>[0]) => {
    setMenu(null);
    mass.mutate(body, { onSuccess: () => onSelect(new Map()) });
  };

  return (
    <Box
      role="toolbar"
      aria-label={t('table.selectionActions')}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minHeight: 44, mb: 1 }}
    >
      <Checkbox
        checked={allSelected}
        indeterminate={selected.size > 0 && !contacts.every((c) => selected.has(c.id))}
        onChange={(_e, checked) => onSelect(checked ? new Map(contacts.map((c) => [c.id, c])) : new Map())}
        slotProps={{ input: { 'aria-label': t('table.selectAll') } }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }} aria-live="polite">
        {selected.size > 0
          ? t('table.selected', { count: selected.size })
          : t('table.total', { count: total })}
      </Typography>
      {selected.size > 0 && (
        <>
          <Button
            size="small"
            startIcon={<MoveIcon />}
            onClick={(e) => setMenu({ kind: 'move', anchor: e.currentTarget })}
          >
            {t('table.move')}
          </Button>
          <Button
            size="small"
            startIcon={<GroupAddIcon />}
            onClick={(e) => setMenu({ kind: 'group', anchor: e.currentTarget })}
          >
            {t('table.addToGroup')}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => dialogs?.deleteContacts([...selected.values()], () => onSelect(new Map()))}
          >
            {t('table.delete')}
          </Button>
        </>
      )}
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        {menu?.kind === 'move' &&
          books.map((book) => (
            <MenuItem key={book.id} onClick={() => runMass({ action: 'move', ids, addressBookId: book.id })}>
              {addressBookName(book, t)}
            </MenuItem>
          ))}
        {menu?.kind === 'group' &&
          groups.map((group) => (
            <MenuItem
              key={group.id}
              onClick={() => runMass({ action: 'addToGroup', ids, groupId: group.id })}
            >
              {group.name}
            </MenuItem>
          ))}
        {menu?.kind === 'group' && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              dialogs?.newGroup(ids);
            }}
          >
            {t('table.newGroupFromSelection')}
          </MenuItem>
        )}
      </Menu>
    </Box>
  );
}
