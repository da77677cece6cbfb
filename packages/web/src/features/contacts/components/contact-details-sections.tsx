import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Contact } from '@webmail/contracts';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';

/** A value's label: a known one ("home", "work") in the user's language, a custom one as written. */
function useLabelText() {
  const { t } = useTranslation('contacts');
  return (value: string) => (value ? t(`labels.${value}` as 'labels.home', { defaultValue: value }) : '');
}

export interface ContactEmailsProps {
  emails: Contact['emails'];
  /** The composer's address for a message to this address. */
  composeHref: (address: string) => string;
  onCompose: () => void;
}

/** The contact's e-mail addresses, each a link that writes to it. */
export function ContactEmails({ emails, composeHref, onCompose }: ContactEmailsProps) {
  const { t } = useTranslation('contacts');
  const label = useLabelText();
  return (
    <Box component="section">
      <Typography variant="subtitle2">{t('details.emails')}</Typography>
      {emails.map((email) => (
        <Box key={email.value} sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
          <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}>
            <Link component={RouterLink} to={composeHref(email.value)} onClick={onCompose}>
              {email.value}
            </Link>
            {email.label && (
              <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                {label(email.label)}
              </Typography>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The contact's phone numbers as `tel:` links (spaces left out of the number dialled). */
export function ContactPhones({ phones }: { phones: Contact['phones'] }) {
  const { t } = useTranslation('contacts');
  const label = useLabelText();
  return (
    <Box component="section">
      <Typography variant="subtitle2">{t('details.phones')}</Typography>
      {phones.map((phone) => (
        <Box key={phone.value} sx={{ minHeight: 32, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Link href={`tel:${phone.value.replace(/\s/g, '')}`}>{phone.value}</Link>
          {phone.label && (
            <Typography component="span" variant="caption" color="text.secondary">
              {label(phone.label)}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
