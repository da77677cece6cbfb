import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatBytes, type Attachment } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { attachmentUrl } from '../api/message-paths';
import { AttachmentIcon } from './attachment-icon';

export interface AttachmentListProps {
  userIndex: number;
  mailboxId: string;
  messageId: number;
  attachments: Attachment[];
}

/**
 * The message's files, each a download link. Related parts (inline cid images) are already inside the HTML, so
 * they are not listed.
 */
export function AttachmentList({ userIndex, mailboxId, messageId, attachments }: AttachmentListProps) {
  const { t } = useTranslation('messages');
  const files = attachments.filter((attachment) => !attachment.related);
  if (files.length === 0) return null;
  const headingId = `attachments-${messageId}`;

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} component="h3" variant="subtitle2" sx={{ mb: 1.5, color: 'text.secondary' }}>
        {t('attachments.title', { count: files.length })}
      </Typography>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, m: 0, p: 0, listStyle: 'none' }}>
        {files.map((file) => {
          const name = file.filename || t('attachments.unnamed');
          const size = formatBytes(file.size);
          return (
            <Box component="li" key={file.id} sx={{ width: { xs: '100%', sm: 240 } }}>
              <Box
                component="a"
                href={attachmentUrl(userIndex, mailboxId, messageId, file.id)}
                download={file.filename || true}
                aria-label={t('attachments.download', { name, size })}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  p: 1.25,
                  pr: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                  color: 'inherit',
                  textDecoration: 'none',
                  transition: 'background-color 120ms',
                  '&:hover': { bgcolor: 'action.hover' },
                  '&:hover .download-icon': { opacity: 1 },
                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
                }}
              >
                <AttachmentIcon contentType={file.contentType} sx={{ fontSize: 28 }} />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" noWrap title={name} sx={{ fontWeight: 500 }}>
                    {name}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {size}
                  </Typography>
                </Box>
                <DownloadIcon
                  className="download-icon"
                  aria-hidden
                  fontSize="small"
                  sx={{ color: 'text.secondary', opacity: 0.6, transition: 'opacity 120ms' }}
                />
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
