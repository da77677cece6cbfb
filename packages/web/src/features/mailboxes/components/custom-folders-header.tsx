import AddIcon from '@mui/icons-material/Add';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { appHref } from '../../../shared/routing/app-paths';
import { UpgradeInfoLabel } from '../../upgrade/components/upgrade-info-label';
import { Tooltip } from '../../../shared/ui/tooltip';

export interface CustomFoldersHeaderProps {
  userIndex: number;
  /** Add and gear give way to the upgrade-info label when the folders feature is disabled. */
  foldersEnabled: boolean;
  onAdd: () => void;
  onNavigate?: () => void;
}

/** The heading above the custom folders, with the add-folder control and the gear to the folders settings. */
export function CustomFoldersHeader({
  userIndex,
  foldersEnabled,
  onAdd,
  onNavigate,
}: CustomFoldersHeaderProps) {
  const { t } = useTranslation('mailboxes');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', pl: 2.5, pr: 1.5 }}>
      <Typography
        component="h2"
        variant="overline"
        sx={{ flex: 1, color: 'text.secondary', lineHeight: 2.5 }}
      >
        {t('sidebar.customFolders')}
      </Typography>
      {!foldersEnabled && (
        <UpgradeInfoLabel userIndex={userIndex} feature="folders" onNavigate={onNavigate} />
      )}
      {foldersEnabled && (
        <>
          <Tooltip title={t('sidebar.addFolder')}>
            <IconButton size="small" aria-label={t('sidebar.addFolder')} onClick={onAdd}>
              <AddIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('sidebar.manageFolders')}>
            <IconButton
              size="small"
              component={RouterLink}
              to={appHref('Folders', { userIndex })}
              aria-label={t('sidebar.manageFolders')}
              onClick={onNavigate}
            >
              <SettingsOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      )}
    </Box>
  );
}
