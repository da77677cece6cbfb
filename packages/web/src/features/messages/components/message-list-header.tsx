import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ListMode, ListSort } from '@webmail/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import type { MassActionProgress } from '../api/mass-action-progress';
import { ListModeToggle } from './list-mode-toggle';
import { ListSortMenu } from './list-sort-menu';
import { pageHeadingProps } from '../../../shared/ui/focus-rule';
import { Tooltip } from '../../../shared/ui/tooltip';

export type SelectAllState = 'none' | 'some' | 'all';

export interface MessageListHeaderProps {
  title: string;
  total: number | undefined;
  /** The line under the title; by default "n messages" / "n conversations". */
  totalLabel?: (total: number, mode: ListMode) => string;
  mode: ListMode;
  onModeChange: (mode: ListMode) => void;
  /** The list's order and its picker; a list without `onSortChange` (search results) offers none. */
  sort?: ListSort;
  onSortChange?: (sort: ListSort) => void;
  onRefresh: () => void;
  selectAll: SelectAllState;
  /** Unchecked: select every message of the folder; otherwise clear the selection. */
  onSelectAll: () => void;
  /** The selection toolbar, shown instead of the title while something is selected. */
  toolbar: ReactNode;
  progress: MassActionProgress | null;
}

/** Select-all, then the folder name and count (or the selection toolbar), the order, the list mode and refresh. */
export function MessageListHeader(props: MessageListHeaderProps) {
  const { title, total, mode, onModeChange, onRefresh, selectAll, onSelectAll, toolbar, progress } = props;
  const { totalLabel, sort, onSortChange } = props;
  const { t } = useTranslation('messages');
  const [tip, setTip] = useState(false);
  return (
    <Box sx={{ flexShrink: 0, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 56, pl: 0.5, pr: 1 }}>
        {/* Above the box, not over the first row; and closed by the click, as the rows it would cover change. */}
        <Tooltip
          title={t('selection.selectAll')}
          placement="top"
          open={tip}
          onOpen={() => setTip(true)}
          onClose={() => setTip(false)}
        >
          <Checkbox
            checked={selectAll === 'all'}
            indeterminate={selectAll === 'some'}
            onChange={() => {
              setTip(false);
              onSelectAll();
            }}
            disabled={!total}
            slotProps={{ input: { 'aria-label': t('selection.selectAll') } }}
            sx={{ width: 48, height: 48 }}
          />
        </Tooltip>
        {toolbar ?? (
          <>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography
                component="h1"
                {...pageHeadingProps}
                variant="h6"
                noWrap
                sx={{ fontSize: 18, fontWeight: 500, lineHeight: 1.3 }}
              >
                {title}
              </Typography>
              {total !== undefined && (
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {totalLabel
                    ? totalLabel(total, mode)
                    : mode === 'conversations'
                      ? t('list.conversations', { count: total })
                      : t('list.total', { count: total })}
                </Typography>
              )}
            </Box>
            {sort && onSortChange && <ListSortMenu sort={sort} onChange={onSortChange} />}
            <ListModeToggle mode={mode} onChange={onModeChange} />
            <Tooltip title={t('list.refresh')}>
              <IconButton
                aria-label={t('list.refresh')}
                onClick={onRefresh}
                sx={{ width: { xs: 48, sm: 40 }, height: { xs: 48, sm: 40 } }}
              >
                <RefreshIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Box>
      {progress && <ProgressLine progress={progress} />}
    </Box>
  );
}

const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

/**
 * A long mass action shows that it runs until the answer is in. It fades in after 400 ms, so a quick
 * action does not flash a bar.
 */
function ProgressLine({ progress }: { progress: MassActionProgress }) {
  const { t } = useTranslation('messages');
  const label = t('massActions.progress', { count: progress.total });
  return (
    <Box
      role="status"
      sx={{ px: 2, pb: 1, opacity: 0, animation: `${appear} 200ms ease-out 400ms forwards` }}
    >
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <LinearProgress aria-label={label} sx={{ height: 2 }} />
    </Box>
  );
}
