import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Address } from '@webmail/contracts';
import { useId, useState } from 'react';
import { useDateFormat } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { addressLabel } from '../../../shared/format/address-label';

export interface MessageRecipientsProps {
  from: Address | null;
  to: Address[];
  cc: Address[];
  bcc: Address[];
  date: string;
  /** Offers "add to contacts" beside each address of the details. */
  onAddContact?: (person: Address) => void;
}

export const formatAddresses = (addresses: Address[]) =>
  addresses.map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(', ');

/** Long addresses break only where they must, not after every character. */
const wrapAddresses = { overflowWrap: 'break-word', wordBreak: 'normal' } as const;

/** "to Alice, Bob" under the sender; it expands to every recipient line (to, cc, bcc when present) and the date. */
export function MessageRecipients({ from, to, cc, bcc, date, onAddContact }: MessageRecipientsProps) {
  const dates = useDateFormat();
  const { t } = useTranslation('reading');
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const everyone = [...to, ...cc, ...bcc];
  const names = everyone.map(addressLabel).filter(Boolean).join(', ') || t('noRecipients');
  const lines = [
    {
      label: t('view.from'),
      value: from ? formatAddresses([from]) : t('unknownSender'),
      people: from ? [from] : [],
    },
    { label: t('view.to'), value: formatAddresses(to), people: to },
    { label: t('view.cc'), value: formatAddresses(cc), people: cc },
    { label: t('view.bcc'), value: formatAddresses(bcc), people: bcc },
    { label: t('view.date'), value: dates.full(date), people: [] },
  ].filter((line) => line.value);

  return (
    <Box sx={{ minWidth: 0 }}>
      <Button
        size="small"
        color="inherit"
        aria-expanded={open}
        aria-controls={open ? detailsId : undefined}
        onClick={() => setOpen(!open)}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        sx={{
          maxWidth: '100%',
          minHeight: { xs: 48, sm: 28 },
          ml: -1,
          px: 1,
          color: 'text.secondary',
          fontWeight: 400,
          textTransform: 'none',
          justifyContent: 'flex-start',
        }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {t('view.toSummary', { names })}
        </Box>
      </Button>
      {open && (
        <Box
          id={detailsId}
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 1.5,
            rowGap: 0.5,
            m: 0,
            mt: 0.5,
            p: 1.5,
            borderRadius: 2,
            bgcolor: 'action.hover',
            typography: 'body2',
          }}
        >
          {lines.map((line) => (
            <Box key={line.label} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {line.label}
              </Box>
              <Box component="dd" sx={{ m: 0, minWidth: 0, ...wrapAddresses }}>
                {onAddContact && line.people.length > 0
                  ? line.people.map((person, index) => (
                      <Box
                        component="span"
                        key={`${person.address}-${index}`}
                        sx={{ display: 'inline-flex', alignItems: 'center' }}
                      >
                        {formatAddresses([person])}
                        <IconButton
                          size="small"
                          aria-label={t('view.addToContacts', { name: person.name || person.address })}
                          title={t('view.addToContacts', { name: person.name || person.address })}
                          onClick={() => onAddContact(person)}
                        >
                          <PersonAddIcon fontSize="small" />
                        </IconButton>
                        {index < line.people.length - 1 ? ', ' : ''}
                      </Box>
                    ))
                  : line.value}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
