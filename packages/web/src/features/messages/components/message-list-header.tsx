import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/translation';

export interface MessageListHeaderProps {
  title: string;
  total: number | undefined;
  onRefresh: () => void;
}

/** Folder name, message count and refresh above the list. */
export function MessageListHeader({ title, total, onRefresh }: MessageListHeaderProps) {
  const { t } = useTranslation('messages');
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minHeight: 56,
        pl: 2,
        pr: 1,
        borderBottom: 1,
        borderColor: 'divider',
        flexShrink: 0,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          component="h1"
          variant="h6"
          noWrap
          sx={{ fontSize: 18, fontWeight: 500, lineHeight: 1.3 }}
        >
          {title}
        </Typography>
        {total !== undefined && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('list.total', { count: total })}
          </Typography>
        )}
      </Box>
      <Tooltip title={t('list.refresh')}>
        <IconButton aria-label={t('list.refresh')} onClick={onRefresh}>
          <RefreshIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
