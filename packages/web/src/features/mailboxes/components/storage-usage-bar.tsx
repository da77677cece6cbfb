import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatBytes, formatPercent, storagePercent, type Quota } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { useLocale } from '../../../shared/i18n/use-locale';

/** The bar turns to the warning colour from this share of the quota. */
const warningPercent = 90;

/**
 * The storage usage bar at the bottom of the folder sidebar: "x of y used" in B, KiB … YiB with two
 * decimals, and the share rounded up, so a nearly full account never reads as having room to spare — numbers and
 * percentage written as the interface language writes them.
 */
export function StorageUsageBar({ quota }: { quota: Quota }) {
  const { t } = useTranslation('mailboxes');
  const locale = useLocale();
  const percent = storagePercent(quota.used, quota.allowed);
  const shownPercent = formatPercent(percent, locale);
  const text = t('storage.used', {
    used: formatBytes(quota.used, locale),
    allowed: formatBytes(quota.allowed, locale),
  });

  return (
    <Box sx={{ px: 2.5, py: 1.5 }}>
      {/* A row, not a float: a long line wraps beside the percentage instead of running into it. */}
      <Typography
        variant="caption"
        component="p"
        sx={{ color: 'text.secondary', mb: 0.75, display: 'flex', justifyContent: 'space-between', gap: 1 }}
      >
        <span>{text}</span>
        <Box component="span" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          {shownPercent}
        </Box>
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= warningPercent ? 'warning' : 'primary'}
        aria-label={t('storage.label')}
        aria-valuetext={t('storage.valueText', { percent: shownPercent, text })}
        sx={{ height: 6, borderRadius: 3 }}
      />
    </Box>
  );
}
