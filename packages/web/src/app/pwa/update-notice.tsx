import CloseIcon from '@mui/icons-material/Close';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../shared/i18n/translation';
import type { ServiceWorkerUpdates } from './service-worker-updates';

/**
 * The update-available tooltip: a small dark card under the app bar's right end, where the settings and
 * account buttons sit, saying a new version is out, with Reload (activates the new build and reloads) and Later.
 * It stays until one of them is chosen; it never takes the focus, so typing goes on undisturbed.
 */
export function UpdateNotice({ updates }: { updates: ServiceWorkerUpdates }) {
  const state = useSyncExternalStore(updates.subscribe, updates.getState, updates.getState);
  const { t } = useTranslation('pwa');
  const theme = useTheme();
  if (state !== 'available' && state !== 'applying') return null;
  const dark = theme.palette.mode === 'dark';
  // Inverted like a tooltip: a dark card in light mode, a light one in dark mode; the action in the primary tone
  // that reads on that surface (the light red on dark, #b00e22 on light).
  const surface = dark ? '#e3e3e3' : '#2d2e30';
  const text = dark ? '#1f1f1f' : '#f2f2f2';
  const action = dark ? '#b00e22' : '#ffb3b3';
  const applying = state === 'applying';

  return (
    <Paper
      role="status"
      aria-label={t('update.available')}
      elevation={8}
      data-update-notice
      sx={{
        position: 'fixed',
        zIndex: theme.zIndex.tooltip,
        top: { xs: 60, sm: 68 },
        right: { xs: 8, sm: 16 },
        left: { xs: 8, sm: 'auto' },
        maxWidth: { sm: 380 },
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        pl: 2,
        pr: 1,
        py: 1,
        bgcolor: surface,
        color: text,
        borderRadius: 2,
        // The tooltip's arrow, pointing at the app bar above.
        '&::before': {
          content: '""',
          position: 'absolute',
          top: -6,
          right: 28,
          width: 12,
          height: 12,
          bgcolor: surface,
          transform: 'rotate(45deg)',
        },
      }}
    >
      <SystemUpdateAltIcon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0, py: 0.5 }}>
        {t('update.available')}
      </Typography>
      <Button
        size="small"
        onClick={updates.apply}
        disabled={applying}
        sx={{ color: action, fontWeight: 600, flexShrink: 0, '&.Mui-disabled': { color: action } }}
      >
        {applying ? t('update.reloading') : t('update.reload')}
      </Button>
      {!applying && (
        <IconButton
          size="small"
          onClick={updates.dismiss}
          aria-label={t('update.close')}
          title={t('update.close')}
          sx={{ color: text }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    </Paper>
  );
}
