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

export interface SidebarFooterProps {
  userIndex: number;
  /** Some feature is not in the plan: the upgrade button shows (spec §2). */
  upgradable: boolean;
  onNavigate?: () => void;
}

/**
 * The sidebar's footer (spec §2 layout): the upgrade button when some feature is unavailable, feedback and about,
 * the powered-by line and the app's version (from the build).
 */
export function SidebarFooter({ userIndex, upgradable, onNavigate }: SidebarFooterProps) {
  const { t } = useTranslation('common');
  const [dialog, setDialog] = useState<'feedback' | 'about' | null>(null);
  const [opened, setOpened] = useState<ReadonlySet<'feedback' | 'about'>>(new Set());
  const open = (which: 'feedback' | 'about') => {
    setOpened((s) => new Set(s).add(which));
    setDialog(which);
  };
  const close = () => setDialog(null);
  return (
    <Box
      component="footer"
      aria-label={t('footer.label')}
      sx={{
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
          color="secondary"
          size="small"
          startIcon={<WorkspacePremiumOutlinedIcon />}
          sx={{ alignSelf: 'flex-start', mb: 0.5 }}
        >
          {t('footer.upgrade')}
        </Button>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Link
          component="button"
          type="button"
          variant="body2"
          underline="hover"
          onClick={() => open('feedback')}
        >
          {t('footer.feedback')}
        </Link>
        <Link
          component="button"
          type="button"
          variant="body2"
          underline="hover"
          onClick={() => open('about')}
        >
          {t('footer.about')}
        </Link>
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('footer.poweredBy', { product: productName })}
        {' · '}
        {t('footer.version', { version: __WEBMAIL_VERSION__ })}
      </Typography>
      <Suspense fallback={null}>
        {opened.has('feedback') && (
          <FeedbackDialog userIndex={userIndex} open={dialog === 'feedback'} onClose={close} />
        )}
        {opened.has('about') && <AboutDialog open={dialog === 'about'} onClose={close} />}
      </Suspense>
    </Box>
  );
}
