import DownloadIcon from '@mui/icons-material/Download';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { formatBytes, type Attachment } from '@webmail/contracts';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useLocale } from '../../../shared/i18n/use-locale';
import { attachmentsZipUrl, attachmentUrl } from '../api/download-urls';
import { previewKind } from '../lib/attachment-preview';
import { AttachmentIcon } from './attachment-icon';
import { AttachmentPreviewDialog, type PreviewTarget } from './attachment-preview-dialog';
import { Tooltip } from '../../../shared/ui/tooltip';

export interface AttachmentListProps {
  userIndex: number;
  mailboxId: string;
  messageId: number;
  attachments: Attachment[];
}

const cardSx = {
  flex: 1,
  minWidth: 0,
  display: 'flex',
  alignItems: 'center',
  gap: 1.5,
  p: 1.25,
  minHeight: 56,
  color: 'inherit',
  textDecoration: 'none',
  textAlign: 'left',
  font: 'inherit',
  bgcolor: 'transparent',
  border: 0,
  borderRadius: 2,
  cursor: 'pointer',
  '&:hover': { bgcolor: 'action.hover' },
  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

/**
 * The message's files: name, type icon, size. An image or PDF opens in the preview dialog, anything else downloads;
 * each has its own download button too, and two or more a "download all" zip. Related parts (inline cid: images)
 * are already shown inside the HTML, so they are not listed.
 */
export function AttachmentList({ userIndex, mailboxId, messageId, attachments }: AttachmentListProps) {
  const { t } = useTranslation('reading');
  const locale = useLocale();
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const headingId = useId();
  const files = attachments.filter((attachment) => !attachment.related);
  if (files.length === 0) return null;

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography
          id={headingId}
          component="h3"
          variant="subtitle2"
          sx={{ flex: 1, color: 'text.secondary' }}
        >
          {t('attachments.title', { count: files.length })}
        </Typography>
        {files.length >= 2 && (
          <Button
            component="a"
            href={attachmentsZipUrl(userIndex, mailboxId, messageId)}
            download
            size="small"
            startIcon={<FolderZipOutlinedIcon />}
            sx={{ minHeight: { xs: 48, sm: 32 } }}
          >
            {t('attachments.downloadAll')}
          </Button>
        )}
      </Box>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, m: 0, p: 0, listStyle: 'none' }}>
        {files.map((file) => {
          const name = file.filename || t('attachments.unnamed');
          const size = formatBytes(file.size, locale);
          const url = attachmentUrl(userIndex, mailboxId, messageId, file.id);
          const kind = previewKind(file);
          const label = (
            <>
              <AttachmentIcon contentType={file.contentType} sx={{ fontSize: 28 }} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" noWrap title={name} sx={{ fontWeight: 500 }}>
                  {name}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {size}
                </Typography>
              </Box>
              {kind && (
                <VisibilityOutlinedIcon aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />
              )}
            </>
          );
          const downloadLabel = t('attachments.download', { name, size });
          return (
            <Box
              component="li"
              key={file.id}
              sx={{
                // As wide as the name needs, up to a limit: a fixed width cut short names with room to spare.
                width: { xs: '100%', sm: 'auto' },
                minWidth: { sm: 220 },
                maxWidth: { xs: '100%', sm: 'min(100%, 420px)' },
                display: 'flex',
                alignItems: 'center',
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
              }}
            >
              {kind ? (
                <>
                  <Box
                    component="button"
                    type="button"
                    aria-label={t('attachments.preview', { name, size })}
                    onClick={() =>
                      setPreview({
                        name,
                        kind,
                        url,
                        attachment: { mailboxId, messageId, attachmentId: file.id },
                      })
                    }
                    sx={cardSx}
                  >
                    {label}
                  </Box>
                  <Tooltip title={downloadLabel}>
                    <IconButton
                      component="a"
                      href={url}
                      download={file.filename || true}
                      aria-label={downloadLabel}
                      sx={{ width: 48, height: 48, mr: 0.5 }}
                    >
                      <DownloadIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              ) : (
                <Box
                  component="a"
                  href={url}
                  download={file.filename || true}
                  aria-label={downloadLabel}
                  sx={cardSx}
                >
                  {label}
                  <DownloadIcon aria-hidden fontSize="small" sx={{ color: 'text.secondary', mr: 0.5 }} />
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
      <AttachmentPreviewDialog userIndex={userIndex} target={preview} onClose={() => setPreview(null)} />
    </Box>
  );
}
