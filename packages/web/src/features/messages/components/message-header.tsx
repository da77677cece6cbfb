import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Address, MessageDetail } from '@webmail/contracts';
import { UserAvatar } from '../../../shared/avatar/user-avatar';
import { formatFullDate } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { addressLabel } from '../lib/message-labels';

function formatAddresses(addresses: Address[]): string {
  return addresses.map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(', ');
}

/** Long addresses break only where they must, not after every character. */
const wrapAddresses = { overflowWrap: 'break-word', wordBreak: 'normal' } as const;

/** Sender block of an open message: avatar, name and address, recipients, date. */
export function MessageHeader({ message }: { message: MessageDetail }) {
  const { t } = useTranslation('messages');
  const sender = message.from ?? message.sender;
  const senderName = addressLabel(sender) || t('unknownSender');
  const recipientLines = [
    { label: t('view.to'), addresses: message.to },
    { label: t('view.cc'), addresses: message.cc },
  ].filter((line) => line.addresses.length > 0);

  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <UserAvatar name={sender?.name} address={sender?.address} size={40} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Box
            sx={{
              flex: 1,
              minWidth: 0,
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'baseline',
              columnGap: 1,
            }}
          >
            <Typography component="span" sx={{ fontWeight: 700, fontSize: 15 }}>
              {senderName}
            </Typography>
            {sender?.name && sender.address && (
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ...wrapAddresses }}>
                {`<${sender.address}>`}
              </Typography>
            )}
          </Box>
          <Typography
            component="time"
            dateTime={message.date}
            variant="body2"
            sx={{ color: 'text.secondary', flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {formatFullDate(message.date)}
          </Typography>
        </Box>
        {recipientLines.map((line) => (
          <Typography
            key={line.label}
            variant="body2"
            sx={{ color: 'text.secondary', mt: 0.25, ...wrapAddresses }}
          >
            {`${line.label} ${formatAddresses(line.addresses)}`}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
