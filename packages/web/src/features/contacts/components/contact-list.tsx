import PermContactCalendarOutlinedIcon from '@mui/icons-material/PermContactCalendarOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Contact } from '@webmail/contracts';
import { useEffect, useState } from 'react';
import { writeRecipientDrag } from '../../../shared/dnd/recipient-drag';
import { useTranslation } from '../../../shared/i18n/translation';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useContactList } from '../api/get-contacts';
import { ContactAvatar } from './contact-avatar';

export interface ContactListProps {
  userIndex: number;
  query: string;
  /** The list's height in pixels (it scrolls inside). */
  height: number;
  onOpen: (id: string) => void;
}

const rowHeight = 52;

/**
 * Contacts as a virtualised list (only the rows in view are rendered; the next page of 100 loads near the end).
 * A row opens the contact; dragged, it carries the contact's first address (onto the composer's To).
 */
export function ContactList({ userIndex, query, height, onOpen }: ContactListProps) {
  const { t } = useTranslation('contacts');
  const list = useContactList(userIndex, { query: query.trim() });
  const contacts: Contact[] = list.data?.pages.flatMap((p) => p.contacts) ?? [];
  // State, not a ref: the virtualizer must render again once the scroll element exists.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render, as documented
  const virtualizer = useVirtualizer({
    count: contacts.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => rowHeight,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (last && last.index >= contacts.length - 15 && hasNextPage && !isFetchingNextPage)
      void fetchNextPage();
  }, [last, contacts.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (list.isError && !list.data) {
    return (
      <Box sx={{ px: 1.5, py: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('panel.loadFailed')}
        </Typography>
        <Button size="small" onClick={() => void list.refetch()}>
          {t('panel.retry')}
        </Button>
      </Box>
    );
  }
  if (list.data && contacts.length === 0) {
    return (
      <EmptyState
        compact
        icon={query.trim() ? <SearchOffIcon aria-hidden /> : <PermContactCalendarOutlinedIcon aria-hidden />}
        text={query.trim() ? t('panel.noMatches') : t('panel.empty')}
      />
    );
  }
  return (
    <Box
      ref={setScrollElement}
      role="list"
      aria-label={t('panel.listLabel')}
      aria-busy={list.isFetching}
      sx={{
        maxHeight: height,
        height: Math.min(height, contacts.length * rowHeight || rowHeight),
        overflowY: 'auto',
      }}
    >
      <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const contact = contacts[item.index]!;
          const email = contact.emails[0]?.value ?? '';
          return (
            <Box
              key={contact.id}
              role="listitem"
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: rowHeight,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <ButtonBase
                draggable={!!email}
                onDragStart={(event) =>
                  writeRecipientDrag(event.dataTransfer, [{ name: contact.fullName, address: email }])
                }
                onClick={() => onOpen(contact.id)}
                sx={{
                  width: '100%',
                  height: '100%',
                  justifyContent: 'flex-start',
                  gap: 1.5,
                  px: 1.5,
                  borderRadius: 2,
                  textAlign: 'left',
                  '&:hover': { bgcolor: 'action.hover' },
                }}
              >
                <ContactAvatar userIndex={userIndex} contact={contact} size={36} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" noWrap>
                    {contact.fullName || email}
                  </Typography>
                  {contact.fullName && email && (
                    <Typography variant="caption" color="text.secondary" noWrap component="div">
                      {email}
                    </Typography>
                  )}
                </Box>
              </ButtonBase>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
