import PermContactCalendarOutlinedIcon from '@mui/icons-material/PermContactCalendarOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Contact } from '@webmail/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useAddressBooks } from '../api/get-address-books';
import { useContactList } from '../api/get-contacts';
import { addressBookName } from './address-book-name';
import { useContactDialogs } from './contact-dialogs';
import { ContactRow, contactRowHeight } from './contact-row';
import { ContactsSelectionToolbar } from './contacts-selection-toolbar';

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
  const list = useContactList(userIndex, { query: query.trim() });
  const books = useAddressBooks(userIndex).data ?? [];
  const contacts = useMemo(() => list.data?.pages.flatMap((p) => p.contacts) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  // State, not a ref: the virtualizer must render again once the scroll element exists.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render, as documented
  const virtualizer = useVirtualizer({
    count: contacts.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => contactRowHeight,
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
  const bookName = (id: string) => {
    const book = books.find((b) => b.id === id);
    return book ? addressBookName(book, t) : '';
  };

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
      <ContactsSelectionToolbar
        userIndex={userIndex}
        contacts={contacts}
        total={total}
        selected={selected}
        onSelect={setSelected}
      />
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
            return (
              <ContactRow
                key={contact.id}
                userIndex={userIndex}
                contact={contact}
                start={item.start}
                selected={selected.has(contact.id)}
                wide={wide}
                bookName={bookName(contact.addressBookId)}
                onToggle={() => toggle(contact)}
                onOpen={() => dialogs?.showContact(contact.id)}
              />
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
