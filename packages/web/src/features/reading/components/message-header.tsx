import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { Address } from '@webmail/contracts';
import type { ReactNode } from 'react';
import { UserAvatar } from '../../../shared/avatar/user-avatar';
import { useTranslation } from '../../../shared/i18n/translation';
import { addressLabel } from '../../../shared/format/address-label';
import { MessageDate } from './message-date';
import { focusRing } from '../../../shared/ui/focus-ring';
import { MessageRecipients } from './message-recipients';

export interface MessageHeaderProps {
  from: Address | null;
  to: Address[];
  cc: Address[];
  bcc: Address[];
  date: string;
  /** Narrow: the date goes under the name and the address into the recipient details (the toolbar needs room). */
  compact: boolean;
  /** The message's toolbar, beside the date. */
  actions?: ReactNode;
  /** In a conversation the sender block folds the message back to its summary line. */
  onCollapse?: () => void;
  /** "Add to contacts", offered for each address in the recipient details. */
  onAddContact?: (person: Address) => void;
  /** Shown after the recipients (the Unsubscribe button of a list message). */
  extra?: ReactNode;
}

/** Sender block of an open message: avatar, name and address, the recipients (expandable), the date, the actions. */
export function MessageHeader(props: MessageHeaderProps) {
  const { from, to, cc, bcc, date, compact, actions, onCollapse, onAddContact, extra } = props;
  const { t } = useTranslation('reading');
  const senderName = addressLabel(from) || t('unknownSender');
  const sender = (
    <>
      <UserAvatar name={from?.name} address={from?.address} size={40} />
      <Box sx={{ minWidth: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
        <Typography
          component="span"
          noWrap={compact}
          sx={{ fontWeight: 700, fontSize: 15, maxWidth: '100%' }}
        >
          {senderName}
        </Typography>
        {!compact && from?.name && from.address && (
          <Typography
            component="span"
            variant="body2"
            sx={{ color: 'text.secondary', overflowWrap: 'break-word', minWidth: 0 }}
          >
            {`<${from.address}>`}
          </Typography>
        )}
        {compact && (
          <Box sx={{ flexBasis: '100%' }}>
            <MessageDate date={date} />
          </Box>
        )}
      </Box>
    </>
  );
  const senderSx = {
    display: 'flex',
    alignItems: 'center',
    gap: 1.5,
    minWidth: 0,
    textAlign: 'left',
  } as const;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {onCollapse ? (
          <ButtonBase
            aria-expanded
            onClick={onCollapse}
            sx={{
              ...senderSx,
              flex: 1,
              justifyContent: 'flex-start',
              borderRadius: 2,
              py: 0.5,
              '&.Mui-focusVisible': focusRing,
            }}
          >
            {sender}
          </ButtonBase>
        ) : (
          <Box sx={{ ...senderSx, flex: 1 }}>{sender}</Box>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
          {!compact && <MessageDate date={date} />}
          {actions}
        </Box>
      </Box>
      <Box sx={{ pl: compact ? 0 : 6.5 }}>
        <MessageRecipients from={from} to={to} cc={cc} bcc={bcc} date={date} onAddContact={onAddContact} />
        {extra && <Box sx={{ mt: 0.5 }}>{extra}</Box>}
      </Box>
    </Box>
  );
}
