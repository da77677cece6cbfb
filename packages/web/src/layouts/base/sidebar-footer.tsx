import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { productName } from '@webmail/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../shared/i18n/translation';
import { appHref } from '../../shared/routing/app-paths';
import { snackbarLane } from '../../shared/snackbar/snackbar-lane';

// Loaded when first opened: neither is needed to read mail.
const FeedbackDialog = lazy(async () => ({
  default: (await import('../../features/feedback/components/feedback-dialog')).FeedbackDialog,
}));
const AboutDialog = lazy(async () => ({
  default: (await import('../../features/about/components/about-dialog')).AboutDialog,
}));

export type ShellDialog = 'feedback' | 'about';

export interface SidebarFooterProps {
  userIndex: number;
  /** Some feature is not in the plan: the upgrade button shows. */
  upgradable: boolean;
  onNavigate?: () => void;
  onOpenDialog: (dialog: ShellDialog) => void;
}

/**
 * The sidebar's footer : the upgrade button when some feature is unavailable, feedback and about,
 * the powered-by line and the app's version (from the build).
 */
export function SidebarFooter({ userIndex, upgradable, onNavigate, onOpenDialog }: SidebarFooterProps) {
  const { t } = useTranslation('common');
  return (
    <Box
      component="footer"
      aria-label={t('footer.label')}
      sx={{
        // At the bottom of the sidebar, below the folders or the settings list.
        mt: 'auto',
        px: 2.5,
        pt: 1,
        pb: `calc(12px + ${snackbarLane})`,
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
      }}
    >
      {upgradable && (
        <Button
          component={RouterLink}
          to={appHref('Upgrade', { userIndex })}
          onClick={onNavigate}
          variant="outlined"
          color="primary"
          size="small"
          startIcon={<WorkspacePremiumOutlinedIcon />}
          sx={{ alignSelf: 'flex-start', mb: 0.5 }}
        >
          {t('footer.upgrade')}
        </Button>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        {(['feedback', 'about'] as const).map((which) => (
          <Link
            key={which}
            component="button"
            type="button"
            variant="body2"
            underline="hover"
            onClick={() => onOpenDialog(which)}
          >
            {t(`footer.${which}`)}
          </Link>
        ))}
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('footer.poweredBy', { product: productName })}
        {' · '}
        {t('footer.version', { version: __WEBMAIL_VERSION__ })}
      </Typography>
    </Box>
  );
}

/**
 * The feedback and about dialogs, outside the sidebar: the sidebar is another drawer on each side of the md
 * breakpoint, and a dialog inside it would vanish (with what was typed) when the window crosses it.
 */
export function ShellDialogs({
  userIndex,
  open,
  onClose,
}: {
  userIndex: number;
  open: ShellDialog | null;
  onClose: () => void;
}) {
  // Each is mounted from its first opening on (so it closes with its transition, and the feedback keeps its text).
  const [opened, setOpened] = useState<ReadonlySet<ShellDialog>>(new Set());
  if (open && !opened.has(open)) setOpened(new Set(opened).add(open));
  return (
    <Suspense fallback={null}>
      {opened.has('feedback') && (
        <FeedbackDialog userIndex={userIndex} open={open === 'feedback'} onClose={onClose} />
      )}
      {opened.has('about') && <AboutDialog open={open === 'about'} onClose={onClose} />}
    </Suspense>
  );
}
