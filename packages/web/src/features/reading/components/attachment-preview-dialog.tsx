import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import type { AttachmentAddress } from '../api/get-attachment-file';
import { usePdfPreview } from '../hooks/use-pdf-preview';
import type { PreviewKind } from '../lib/attachment-preview';

export interface PreviewTarget {
  name: string;
  kind: Exclude<PreviewKind, null>;
  /** The attachment's download URL (`/api/…`). */
  url: string;
  /** Where the PDF preview fetches the bytes from. */
  attachment: AttachmentAddress;
}

export interface AttachmentPreviewDialogProps {
  userIndex: number;
  target: PreviewTarget | null;
  onClose: () => void;
}

/** An image or PDF attachment, shown in a dialog (full screen on phones) with a download button. */
export function AttachmentPreviewDialog({ userIndex, target, onClose }: AttachmentPreviewDialogProps) {
  const { t } = useTranslation(['reading', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();

  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="lg"
      fullWidth
      slotProps={{ paper: { sx: { height: { sm: '90vh' } } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <DialogTitle id={titleId} noWrap sx={{ flex: 1, minWidth: 0, py: 1.5 }}>
          {target?.name}
        </DialogTitle>
        {target && (
          <Button
            component="a"
            href={target.url}
            download={target.name}
            startIcon={<DownloadIcon />}
            sx={{ minHeight: 48, flexShrink: 0 }}
          >
            {t('attachments.downloadShort')}
          </Button>
        )}
        <IconButton onClick={onClose} aria-label={t('common:actions.close')} sx={{ width: 48, height: 48 }}>
          <CloseIcon />
        </IconButton>
      </Box>
      <DialogContent
        dividers
        sx={{
          p: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'action.hover',
        }}
      >
        {target?.kind === 'image' && (
          <Box
            component="img"
            src={target.url}
            alt={target.name}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
          />
        )}
        {target?.kind === 'pdf' && <PdfPreview userIndex={userIndex} target={target} />}
      </DialogContent>
    </Dialog>
  );
}

function PdfPreview({ userIndex, target }: { userIndex: number; target: PreviewTarget }) {
  const { t } = useTranslation(['reading', 'common']);
  const { ready, isError, retry, attachFrame } = usePdfPreview(userIndex, target.attachment);
  if (isError) {
    return (
      <Box sx={{ textAlign: 'center', p: 4 }}>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('attachments.previewFailed')}</Typography>
        <Button variant="outlined" onClick={retry}>
          {t('common:actions.retry')}
        </Button>
      </Box>
    );
  }
  if (!ready) return <CircularProgress aria-label={t('common:status.loading')} />;
  return (
    <Box
      component="iframe"
      ref={attachFrame}
      title={target.name}
      sx={{ width: '100%', height: '100%', minHeight: { xs: 'calc(100dvh - 72px)', sm: 0 }, border: 0 }}
    />
  );
}
