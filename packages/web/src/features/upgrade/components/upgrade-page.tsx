import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/translation';
import { pageFallback } from '../../../shared/ui/load-failed-alert';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useUpgradeInfo } from '../api/get-upgrade-info';

/**
 * Settings › Upgrade (route Upgrade): each feature the plan lacks, explained in words, and a link to the operator's
 * upgrade page (`UPGRADE_URL`). No payment happens here; without an upgrade address the page says whom to ask.
 */
export function UpgradePage() {
  const { t } = useTranslation('upgrade');
  const userIndex = useUserIndex();
  const info = useUpgradeInfo(userIndex);
  const fallback = pageFallback(info, { loadFailed: t('loadFailed'), retry: t('retry') });
  if (fallback || !info.data) return fallback;
  const { features, upgradeUrl } = info.data;
  if (features.length === 0) {
    return (
      <Alert icon={<CheckCircleOutlinedIcon />} severity="success">
        {t('allIncluded')}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography>{t('intro')}</Typography>
      <List aria-label={t('missingList')} sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
        {features.map((feature) => (
          <ListItem key={feature} alignItems="flex-start">
            <ListItemIcon sx={{ minWidth: 40, mt: 0.5 }}>
              <WorkspacePremiumOutlinedIcon color="secondary" />
            </ListItemIcon>
            <ListItemText
              primary={t(`features.${feature}.title`)}
              secondary={t(`features.${feature}.description`)}
            />
          </ListItem>
        ))}
      </List>
      {upgradeUrl ? (
        <Box>
          <Button
            variant="contained"
            href={upgradeUrl}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon />}
          >
            {t('upgradeButton')}
          </Button>
        </Box>
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>{t('noUpgradeUrl')}</Typography>
      )}
    </Box>
  );
}
