import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { appHref, isWithin } from '../../../shared/routing/app-paths';
import { useScheduled } from '../api/scheduled';

/**
 * "Scheduled" in the sidebar: the outbox's virtual folder of messages waiting for their time, with their count.
 * Shown while some wait (or while it is open), as Gmail does.
 */
export function ScheduledSidebarLink({
  userIndex,
  onNavigate,
}: {
  userIndex: number;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('compose');
  const { pathname } = useLocation();
  const selected = isWithin('Scheduled', pathname);
  const count = useScheduled(userIndex).data?.count ?? 0;
  if (count === 0 && !selected) return null;
  const name = t('later.folder');
  return (
    <ListItemButton
      component={RouterLink}
      to={appHref('Scheduled', { userIndex })}
      onClick={onNavigate}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      aria-label={count > 0 ? `${name}, ${t('later.count', { count })}` : name}
      sx={{ minHeight: 40, px: 2.5, borderRadius: '0 20px 20px 0', mr: 1 }}
    >
      <ScheduleSendIcon
        aria-hidden
        fontSize="small"
        sx={{ mr: 1.75, color: selected ? 'inherit' : 'text.secondary' }}
      />
      <Typography noWrap variant="body2" sx={{ flex: 1 }}>
        {name}
      </Typography>
      {count > 0 && (
        <Typography aria-hidden variant="caption" sx={{ ml: 1, fontSize: 12 }}>
          {count}
        </Typography>
      )}
    </ListItemButton>
  );
}
