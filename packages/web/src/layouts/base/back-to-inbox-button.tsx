import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../shared/i18n/translation';
import { userHomePath } from '../../shared/session/session';

/**
 * The sidebar's primary button while settings are open (the compose button becomes 'back to inbox').
 * The user's base layout opens the inbox.
 */
export function BackToInboxButton({ userIndex, onNavigate }: { userIndex: number; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ px: 1.5, pt: 1, pb: 0.5 }}>
      <Button
        component={RouterLink}
        to={userHomePath(userIndex)}
        onClick={onNavigate}
        variant="contained"
        size="large"
        startIcon={<ArrowBackIcon />}
        sx={{ borderRadius: 4, px: 2.5, boxShadow: 'none' }}
      >
        {t('layout.backToInbox')}
      </Button>
    </Box>
  );
}
