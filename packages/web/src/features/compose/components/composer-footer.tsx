import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { SendLaterMenu } from './send-later-menu';
import { Tooltip } from '../../../shared/ui/tooltip';

const iconSx = { width: 48, height: 48 } as const;

/** Send (also Ctrl/Cmd+Enter) or send later, attach files with the picker, discard the draft. */
export function ComposerFooter({
  sending,
  onSend,
  onSendLater,
  onAttach,
  onDiscard,
}: {
  sending: boolean;
  onSend: () => void;
  /** Send later at the chosen instant (absent: not offered). */
  onSendLater?: (sendAt: string) => void;
  onAttach: (files: File[]) => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('compose');
  const picker = useRef<HTMLInputElement>(null);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: { xs: 1, sm: 2 },
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Tooltip title={t('actions.sendHint')}>
        <span>
          <Button
            variant="contained"
            startIcon={<SendIcon />}
            onClick={onSend}
            disabled={sending}
            aria-keyshortcuts="Control+Enter Meta+Enter"
            sx={{ minHeight: 48, minWidth: 112, borderRadius: 6, px: 3, boxShadow: 'none' }}
          >
            {t('actions.send')}
          </Button>
        </span>
      </Tooltip>
      {onSendLater && <SendLaterMenu disabled={sending} onSchedule={onSendLater} />}
      <Tooltip title={t('attachments.attach')}>
        <IconButton aria-label={t('attachments.attach')} onClick={() => picker.current?.click()} sx={iconSx}>
          <AttachFileIcon />
        </IconButton>
      </Tooltip>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        onChange={(event) => {
          onAttach(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <Box sx={{ flex: 1 }} />
      <Tooltip title={t('actions.discard')}>
        <IconButton aria-label={t('actions.discard')} onClick={onDiscard} disabled={sending} sx={iconSx}>
          <DeleteOutlineIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
