import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/translation';

/** The reading pane before a message is chosen (3-panel layout). */
export function ReadingPaneEmpty({ folderName, total }: { folderName: string; total: number | undefined }) {
  const { t } = useTranslation('reading');
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        color: 'text.secondary',
        p: 4,
        textAlign: 'center',
      }}
    >
      <MailOutlinedIcon aria-hidden sx={{ fontSize: 72, opacity: 0.35 }} />
      <Typography variant="h6" component="p" sx={{ fontWeight: 400, color: 'text.primary' }}>
        {folderName}
      </Typography>
      {total !== undefined && <Typography variant="body2">{t('total', { count: total })}</Typography>}
      <Typography variant="body2">{t('view.selectMessage')}</Typography>
    </Box>
  );
}
