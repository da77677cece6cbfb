import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatBytes, type DraftAttachment } from '@webmail/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useLocale } from '../../../shared/i18n/use-locale';
import type { PendingUpload } from '../lib/pending-uploads';

const rowSx = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  pl: 1.5,
  pr: 0.5,
  minHeight: 48,
  border: 1,
  borderColor: 'divider',
  borderRadius: 2,
  // As wide as the name needs, up to a limit: a fixed width cut short names with room to spare.
  width: { xs: '100%', sm: 'auto' },
  minWidth: { sm: 220 },
  maxWidth: { xs: '100%', sm: 'min(100%, 420px)' },
} as const;

function Row({
  name,
  detail,
  icon,
  children,
  error,
}: {
  name: string;
  detail: ReactNode;
  icon: ReactNode;
  children: ReactNode;
  error?: boolean;
}) {
  return (
    <Box component="li" sx={{ ...rowSx, ...(error ? { borderColor: 'error.main' } : {}) }}>
      {icon}
      <Box sx={{ flex: 1, minWidth: 0, py: 0.5 }}>
        <Typography variant="body2" noWrap title={name}>
          {name}
        </Typography>
        {detail}
      </Box>
      {children}
    </Box>
  );
}

/**
 * Attachments of the draft and uploads in flight (progress) or failed (retry or remove). Inline images live in
 * the body, not here.
 */
export function AttachmentList({
  attachments,
  uploads,
  onRemove,
  onRetry,
  onCancel,
}: {
  attachments: DraftAttachment[];
  uploads: PendingUpload[];
  onRemove: (attachment: DraftAttachment) => void;
  onRetry: (key: string) => void;
  onCancel: (key: string) => void;
}) {
  const { t } = useTranslation('compose');
  const locale = useLocale();
  const files = attachments.filter((a) => !a.inline);
  if (files.length === 0 && uploads.length === 0) return null;
  const removeButton = (name: string, onClick: () => void) => (
    <IconButton
      aria-label={t('attachments.remove', { name })}
      onClick={onClick}
      sx={{ width: 48, height: 48 }}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );

  return (
    <Box
      component="ul"
      aria-label={t('attachments.label')}
      sx={{ listStyle: 'none', p: 0, m: 0, py: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {files.map((attachment, index) => (
        <Row
          key={attachment.type === 'upload' ? attachment.id : `${attachment.type}-${index}`}
          name={attachment.filename}
          icon={<AttachFileIcon fontSize="small" color="action" />}
          detail={
            <Typography variant="caption" color="text.secondary">
              {formatBytes(attachment.size, locale)}
            </Typography>
          }
        >
          {removeButton(attachment.filename, () => onRemove(attachment))}
        </Row>
      ))}
      {uploads.map((upload) =>
        upload.status === 'uploading' ? (
          <Row
            key={upload.key}
            name={upload.file.name}
            icon={<AttachFileIcon fontSize="small" color="action" />}
            detail={
              <LinearProgress
                variant="determinate"
                value={Math.round(upload.progress * 100)}
                aria-label={upload.file.name}
                sx={{ mt: 0.75, mb: 0.5 }}
              />
            }
          >
            <IconButton
              aria-label={t('attachments.cancel', { name: upload.file.name })}
              onClick={() => onCancel(upload.key)}
              sx={{ width: 48, height: 48 }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Row>
        ) : (
          <Row
            key={upload.key}
            name={upload.file.name}
            error
            icon={<ErrorOutlineIcon fontSize="small" color="error" />}
            detail={
              <Typography variant="caption" color="error" role="alert">
                {t('attachments.failed', { message: upload.error ?? '' })}
              </Typography>
            }
          >
            <Button size="small" onClick={() => onRetry(upload.key)} sx={{ minHeight: 48 }}>
              {t('attachments.retry')}
            </Button>
            {removeButton(upload.file.name, () => onCancel(upload.key))}
          </Row>
        ),
      )}
    </Box>
  );
}
