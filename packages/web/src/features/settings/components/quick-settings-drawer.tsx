import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { appHref } from '../../../shared/routing/app-paths';
import { PaneLoader } from '../../../shared/ui/pane-loader';
import { AppearanceForm } from './appearance-page';
import { StoredSettingsForm } from './stored-settings-form';

/** The right drawer's width. */
const quickSettingsWidth = 311;

export interface QuickSettingsDrawerProps {
  userIndex: number;
  /** The drawer element's id: the cog that opens it names it in `aria-controls`. */
  id: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The quick-settings drawer, opened by the cog in the app bar: the Appearance page's choices, applied at
 * once and saved the same way (debounced, put back on failure), and a link to all settings. A labelled modal
 * dialog on the right: focus stays inside while it is open, Escape or a click outside closes it.
 */
export function QuickSettingsDrawer({ userIndex, id, open, onClose }: QuickSettingsDrawerProps) {
  const { t } = useTranslation('settings');
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          id,
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: quickSettingsWidth, maxWidth: '100vw', borderRadius: '16px 0 0 16px' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 3, pr: 1, py: 1.5 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1, fontWeight: 400 }}>
          {t('quickSettings.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('quickSettings.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ px: 3, pb: 2 }}>
        <Button
          component={RouterLink}
          to={appHref('SettingsLayout', { userIndex })}
          onClick={onClose}
          variant="outlined"
          fullWidth
        >
          {t('quickSettings.allSettings')}
        </Button>
      </Box>
      <Divider />
      <Box sx={{ px: 3, py: 2, overflowY: 'auto' }}>
        <StoredSettingsForm userIndex={userIndex} form={AppearanceForm} loading={<PaneLoader />} />
      </Box>
    </Drawer>
  );
}
