import PermContactCalendarOutlinedIcon from '@mui/icons-material/PermContactCalendarOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import MoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import GroupAddIcon from '@mui/icons-material/GroupAddOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Contact } from '@webmail/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useAddressBooks } from '../api/get-address-books';
import { useContactList } from '../api/get-contacts';
import { useContactsMassAction } from '../api/contacts-mass-action';
import { useGroups } from '../api/get-groups';
import { addressBookName } from './address-book-name';
import { ContactAvatar } from './contact-avatar';
import { useContactDialogs } from './contact-dialogs';

const rowHeight = 60;

/**
 * The contacts table: search, a virtualised list of every contact (10,000 stay smooth: only visible rows are
 * rendered, pages of 100 load as the end comes near), selection by the avatar or checkbox, and for the
 * selection: delete, move to another address book, add to a group.
 */
export function ContactsTableSection({ userIndex }: { userIndex: number }) {
  const { t } = useTranslation('contacts');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const dialogs = useContactDialogs();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Map<string, Contact>>(new Map());
  const [menu, setMenu] = useState<{ kind: 'move' | 'group'; anchor: HTMLElement } | null>(null);
  const list = useContactList(userIndex, { query: query.trim() });
  const books = useAddressBooks(userIndex).data ?? [];
  const groups = useGroups(userIndex).data ?? [];
  const mass = useContactsMassAction(userIndex);
  const contacts = useMemo(() => list.data?.pages.flatMap((p) => p.contacts) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  // State, not a ref: the virtualizer must render again once the scroll element exists.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render, as documented
  const virtualizer = useVirtualizer({
    count: contacts.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (last && last.index >= contacts.length - 20 && hasNextPage && !isFetchingNextPage)
      void fetchNextPage();
  }, [last, contacts.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const toggle = (contact: Contact) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(contact.id)) next.delete(contact.id);
      else next.set(contact.id, contact);
      return next;
    });
  const ids = [...selected.keys()];
  const bookName = (id: string) => {
    const book = books.find((b) => b.id === id);
    return book ? addressBookName(book, t) : '';
  };
  const runMass = (body: Parameters<typeof mass.mutate>[0]) =>
    mass.mutate(body, { onSuccess: () => setSelected(new Map()) });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <TextField
          size="small"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('table.search')}
          slotProps={{
            htmlInput: { 'aria-label': t('table.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flex: '1 1 220px' }}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => dialogs?.newContact()}>
          {t('menu.newContact')}
        </Button>
      </Box>
      <Box
        role="toolbar"
        aria-label={t('table.selectionActions')}
        sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minHeight: 44, mb: 1 }}
      >
        <Checkbox
          checked={contacts.length > 0 && contacts.every((c) => selected.has(c.id))}
          indeterminate={selected.size > 0 && !contacts.every((c) => selected.has(c.id))}
          onChange={(_e, checked) =>
            setSelected(checked ? new Map(contacts.map((c) => [c.id, c])) : new Map())
          }
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
              onClick={() => dialogs?.deleteContacts([...selected.values()], () => setSelected(new Map()))}
            >
              {t('table.delete')}
            </Button>
          </>
        )}
        <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
          {menu?.kind === 'move' &&
            books.map((book) => (
              <MenuItem
                key={book.id}
                onClick={() => {
                  setMenu(null);
                  runMass({ action: 'move', ids, addressBookId: book.id });
                }}
              >
                {addressBookName(book, t)}
              </MenuItem>
            ))}
          {menu?.kind === 'group' &&
            groups.map((group) => (
              <MenuItem
                key={group.id}
                onClick={() => {
                  setMenu(null);
                  runMass({ action: 'addToGroup', ids, groupId: group.id });
                }}
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
      {list.data && contacts.length === 0 && (
        <EmptyState
          icon={
            query.trim() ? <SearchOffIcon aria-hidden /> : <PermContactCalendarOutlinedIcon aria-hidden />
          }
          text={query.trim() ? t('panel.noMatches') : t('panel.empty')}
        />
      )}
      <Box
        ref={setScrollElement}
        role="list"
        aria-label={t('settings.tabs.contacts')}
        sx={{
          flex: 1,
          minHeight: 240,
          maxHeight: { xs: 'calc(100dvh - 300px)', md: 'calc(100dvh - 280px)' },
          overflowY: 'auto',
        }}
      >
        <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const contact = contacts[item.index]!;
            const isSelected = selected.has(contact.id);
            return (
              <Box
                key={contact.id}
                role="listitem"
                aria-selected={isSelected}
                sx={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: rowHeight,
                  transform: `translateY(${item.start}px)`,
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  px: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                  bgcolor: isSelected ? 'action.selected' : undefined,
                }}
              >
                <ButtonBase
                  aria-label={t('table.select', { name: contact.fullName || contact.emails[0]?.value || '' })}
                  aria-pressed={isSelected}
                  onClick={() => toggle(contact)}
                  sx={{ borderRadius: '50%' }}
                >
                  <ContactAvatar userIndex={userIndex} contact={contact} selected={isSelected} size={40} />
                </ButtonBase>
                <ButtonBase
                  onClick={() => dialogs?.showContact(contact.id)}
                  sx={{
                    flex: 1,
                    minWidth: 0,
                    justifyContent: 'flex-start',
                    textAlign: 'left',
                    height: '100%',
                    gap: 2,
                  }}
                >
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
                      {contact.fullName || contact.emails[0]?.value}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" noWrap component="div">
                      {contact.emails.map((e) => e.value).join(', ')}
                    </Typography>
                  </Box>
                  {wide && (
                    <>
                      <Typography variant="body2" color="text.secondary" noWrap sx={{ width: 180 }}>
                        {contact.organization}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" noWrap sx={{ width: 140 }}>
                        {bookName(contact.addressBookId)}
                      </Typography>
                    </>
                  )}
                </ButtonBase>
              </Box>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
