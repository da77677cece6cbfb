import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useConnectivity } from '../../../shared/network/use-connectivity';
import { NotOnDevice } from '../../../shared/ui/not-on-device';
import { rowLayouts } from '../lib/row-density';

export function MessageListSkeleton({ rows = 8 }: { rows?: number }) {
  const { t } = useTranslation('messages');
  return (
    <Box aria-busy="true" aria-label={t('list.loading')} role="status">
      {Array.from({ length: rows }, (_, index) => (
        <Box
          key={index}
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, height: rowLayouts.default.height }}
        >
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="45%" />
            <Skeleton width="80%" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function MessageListEmpty({ label }: { label?: string }) {
  const { t } = useTranslation('messages');
  return (
    <Box sx={{ textAlign: 'center', px: 3, py: 8, color: 'text.secondary' }}>
      <MarkEmailReadOutlinedIcon aria-hidden sx={{ fontSize: 56, opacity: 0.5, mb: 1 }} />
      <Typography>{label ?? t('list.empty')}</Typography>
    </Box>
  );
}

export function MessageListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['messages', 'common']);
  return (
    <Box sx={{ textAlign: 'center', px: 3, py: 8 }}>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('list.loadFailed')}</Typography>
      <Button variant="outlined" onClick={onRetry}>
        {t('common:actions.retry')}
      </Button>
    </Box>
  );
}

export interface MessageListBodyProps {
  pending: boolean;
  failed: boolean;
  empty: boolean;
  /** The empty state's text (default: no messages in this folder). */
  emptyLabel?: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Loading (offline: not on this device), failed (with nothing to show), empty, or the rows. */
export function MessageListBody(props: MessageListBodyProps) {
  const { pending, failed, empty, emptyLabel, onRetry, children } = props;
  const online = useConnectivity() === 'online';
  if (pending) return online ? <MessageListSkeleton /> : <NotOnDevice />;
  if (failed && empty) return <MessageListError onRetry={onRetry} />;
  if (empty) return <MessageListEmpty label={emptyLabel} />;
  return children;
}
