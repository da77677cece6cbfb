import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { DisabledFeature } from '@webmail/contracts';
import { Link as RouterLink } from 'react-router';
import { UpgradeInfoLabel } from '../../features/upgrade/components/upgrade-info-label';
import { useTranslation } from '../../shared/i18n/translation';
import { tourAnchor } from '../../shared/ui/tour-anchors';
import {
  isPageAvailable,
  settingsPages,
  settingsPath,
  useSettingsLocation,
  useSettingsPageLabel,
} from './settings-pages';

export interface SettingsNavProps {
  userIndex: number;
  disabledFeatures: readonly DisabledFeature[];
  /** `page`: the settings list as the page itself on small screens, with chevrons. */
  variant: 'sidebar' | 'page';
  onNavigate?: () => void;
}

/** The settings sidebar: one link per settings page; a page the plan leaves out says so. */
export function SettingsNav({ userIndex, disabledFeatures, variant, onNavigate }: SettingsNavProps) {
  const { t } = useTranslation('settings');
  const { page: current } = useSettingsLocation();
  const pageLabel = useSettingsPageLabel();
  const isPage = variant === 'page';
  return (
    <Box component="nav" aria-label={t('title')} sx={{ py: isPage ? 0 : 1 }}>
      <List disablePadding>
        {settingsPages.map((page) => {
          const Icon = page.icon;
          const selected = !isPage && current?.id === page.id;
          return (
            <li key={page.id}>
              <ListItemButton
                component={RouterLink}
                to={settingsPath(userIndex, page)}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                onClick={onNavigate}
                {...(page.id === 'security' ? tourAnchor('security') : {})}
                sx={
                  isPage
                    ? { minHeight: 56, borderBottom: 1, borderColor: 'divider' }
                    : { minHeight: 40, pl: 2.5, borderRadius: '0 20px 20px 0', mr: 1 }
                }
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={pageLabel(page)}
                  secondary={
                    page.feature && !isPageAvailable(page, disabledFeatures) ? (
                      // The entry itself is the link (to the page saying why, with the label's link onwards).
                      <UpgradeInfoLabel userIndex={userIndex} feature={page.feature} asLink={false} />
                    ) : undefined
                  }
                  slotProps={{ secondary: { component: 'span', sx: { display: 'block', mt: 0.25 } } }}
                />
                {isPage && <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary' }} />}
              </ListItemButton>
            </li>
          );
        })}
      </List>
    </Box>
  );
}
