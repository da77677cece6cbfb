import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Chip from '@mui/material/Chip';
import type { DisabledFeature } from '@webmail/contracts';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { appHref } from '../../../shared/routing/app-paths';

export interface UpgradeInfoLabelProps {
  userIndex: number;
  /** The gated feature the label stands for (its name is in the link's accessible name). */
  feature: DisabledFeature;
  /** A link inside another link is invalid HTML: inside one, the label is text only (the outer link leads on). */
  asLink?: boolean;
  onNavigate?: () => void;
}

/**
 * The upgrade-info label of a gated feature: where the plan leaves a feature out, its entry or control
 * shows this instead of disappearing without a word; it leads to the Upgrade page.
 */
export function UpgradeInfoLabel({ userIndex, feature, asLink = true, onNavigate }: UpgradeInfoLabelProps) {
  const { t } = useTranslation('upgrade');
  const name = t(`features.${feature}.title`);
  const common = {
    size: 'small',
    variant: 'outlined',
    color: 'primary',
    icon: <WorkspacePremiumOutlinedIcon />,
    label: t('label'),
    title: t('labelHint', { feature: name }),
    sx: { height: 22, fontSize: 12, '& .MuiChip-icon': { fontSize: 16 } },
  } as const;
  if (!asLink) return <Chip {...common} component="span" />;
  return (
    <Chip
      {...common}
      clickable
      component={RouterLink}
      to={appHref('Upgrade', { userIndex })}
      onClick={onNavigate}
      aria-label={t('labelHint', { feature: name })}
    />
  );
}
