import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { Contact } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { ContactAvatar } from './contact-avatar';

/** Height of a row of the virtualised contacts table. */
export const contactRowHeight = 60;

export interface ContactRowProps {
  userIndex: number;
  contact: Contact;
  /** Offset from the top of the virtualised list. */
  start: number;
  selected: boolean;
  /** Wide screens show organisation and address book columns. */
  wide: boolean;
  bookName: string;
  onToggle: () => void;
  onOpen: () => void;
}

/** One contact of the table: the avatar selects it, the rest opens its details. */
export function ContactRow(props: ContactRowProps) {
  const { userIndex, contact, start, selected, wide, bookName, onToggle, onOpen } = props;
  const { t } = useTranslation('contacts');
  return (
    <Box
      role="listitem"
      aria-selected={selected}
      sx={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height: contactRowHeight,
        transform: `translateY(${start}px)`,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: selected ? 'action.selected' : undefined,
      }}
    >
      <ButtonBase
        aria-label={t('table.select', { name: contact.fullName || contact.emails[0]?.value || '' })}
        aria-pressed={selected}
        onClick={onToggle}
        sx={{ borderRadius: '50%' }}
      >
        <ContactAvatar userIndex={userIndex} contact={contact} selected={selected} size={40} />
      </ButtonBase>
      <ButtonBase
        onClick={onOpen}
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
              {bookName}
            </Typography>
          </>
        )}
      </ButtonBase>
    </Box>
  );
}
