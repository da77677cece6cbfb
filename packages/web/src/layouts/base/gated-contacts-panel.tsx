import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { UpgradeInfoLabel } from '../../features/upgrade/components/upgrade-info-label';
import { useTranslation } from '../../shared/i18n/translation';

/** Where the contacts panel would be when the plan leaves contacts out: its heading with the upgrade-info label. */
export function GatedContactsPanel({
  userIndex,
  onNavigate,
}: {
  userIndex: number;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('contacts');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 2.5, pr: 1.5, py: 0.5 }}>
      <Typography
        component="h2"
        variant="overline"
        sx={{ flex: 1, color: 'text.secondary', lineHeight: 2.5 }}
      >
        {t('panel.title')}
      </Typography>
      <UpgradeInfoLabel userIndex={userIndex} feature="contacts" onNavigate={onNavigate} />
    </Box>
  );
}
