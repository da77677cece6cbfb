import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router';
import { composePath } from '../../features/compose/lib/compose-location';
import { composeLinkState } from '../../shared/routing/compose-link-state';
import { useTranslation } from '../../shared/i18n/translation';
import { userHomePath } from '../../shared/session/session';

/**
 * The sidebar's primary button: opens the composer for a new message. After sending, the composer
 * comes back to the page the button was pressed on (a folder or a conversation).
 */
export function ComposeButton({ userIndex, onNavigate }: { userIndex: number; onNavigate?: () => void }) {
  const { t } = useTranslation('compose');
  const location = useLocation();
  const inComposer = new RegExp(`^${composePath(userIndex)}(/|$)`).test(location.pathname);
  const returnTo = inComposer ? userHomePath(userIndex) : `${location.pathname}${location.search}`;
  return (
    <Box sx={{ px: 1.5, pt: 1, pb: 0.5 }}>
      <Button
        component={RouterLink}
        to={composePath(userIndex)}
        state={composeLinkState(returnTo)}
        onClick={onNavigate}
        variant="contained"
        size="large"
        startIcon={<EditOutlinedIcon />}
        sx={{ borderRadius: 4, px: 2.5, minHeight: 48, boxShadow: 'none' }}
      >
        {t('button')}
      </Button>
    </Box>
  );
}
