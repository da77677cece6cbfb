import UnsubscribeIcon from '@mui/icons-material/Unsubscribe';
import Button from '@mui/material/Button';
import type { Address, UnsubscribeMethod } from '@webmail/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { UnsubscribeDialog } from './unsubscribe-dialog';

export interface UnsubscribeTarget {
  userIndex: number;
  mailboxId: string;
  messageId: number;
  sender: Address | null;
  /** The message's ways to unsubscribe, best first (the message detail's `unsubscribe.methods`). */
  methods: UnsubscribeMethod[];
  /** Filters are switched on: "Block the sender" is offered afterwards. */
  canBlock: boolean;
}

/** "Unsubscribe" in the header of a list message; the dialog asks first and offers the follow-ups. */
export function UnsubscribeButton(props: UnsubscribeTarget) {
  const { t } = useTranslation('unsubscribe');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<UnsubscribeIcon fontSize="small" />}
        onClick={() => setOpen(true)}
        sx={{ minHeight: { xs: 36, sm: 30 }, whiteSpace: 'nowrap' }}
      >
        {t('button')}
      </Button>
      {open && <UnsubscribeDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}
