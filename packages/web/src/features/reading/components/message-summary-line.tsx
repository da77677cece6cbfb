import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { ThreadMessage } from '@webmail/contracts';
import { UserAvatar } from '../../../shared/avatar/user-avatar';
import { useTranslation } from '../../../shared/i18n/translation';
import { addressLabel } from '../../../shared/format/address-label';
import { MessageDate } from './message-date';

/** A read message of a conversation, folded to one line: sender, snippet, date. Activating it unfolds it. */
export function MessageSummaryLine({ message, onExpand }: { message: ThreadMessage; onExpand: () => void }) {
  const { t } = useTranslation('reading');
  const sender = addressLabel(message.from) || t('unknownSender');
  return (
    <ButtonBase
      aria-expanded={false}
      onClick={onExpand}
      sx={{
        width: '100%',
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        minHeight: 56,
        px: { xs: 2, md: 3 },
        py: 1,
        textAlign: 'left',
        '&:hover': { bgcolor: 'action.hover' },
        '&.Mui-focusVisible': { bgcolor: 'action.focus' },
      }}
    >
      <UserAvatar name={message.from?.name} address={message.from?.address} size={32} />
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { sm: 'baseline' },
          columnGap: 1.5,
        }}
      >
        <Typography
          component="span"
          noWrap
          sx={{ fontWeight: message.seen ? 500 : 700, flexShrink: 0, maxWidth: { sm: '35%' } }}
        >
          {sender}
        </Typography>
        <Typography component="span" variant="body2" noWrap sx={{ color: 'text.secondary', minWidth: 0 }}>
          {message.snippet}
        </Typography>
      </Box>
      <MessageDate date={message.date} />
    </ButtonBase>
  );
}
