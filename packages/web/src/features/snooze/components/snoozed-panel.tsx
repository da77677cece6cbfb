import AlarmOffOutlinedIcon from '@mui/icons-material/AlarmOffOutlined';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { SnoozedItem } from '@webmail/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useChangeSnooze } from '../api/change-snooze';
import { useSnoozed } from '../api/get-snoozed';
import { useUnsnooze } from '../api/unsnooze';
import { useWakeFormat } from '../hooks/use-wake-format';
import { SnoozeMenu } from './snooze-menu';
import { Tooltip } from '../../../shared/ui/tooltip';

/** One conversation's snoozed messages wake together: they are shown and changed as one entry. */
function groupBySubject(items: readonly SnoozedItem[]): SnoozedItem[][] {
  const groups = new Map<string, SnoozedItem[]>();
  for (const item of items) {
    const key = `${item.wakeAt}\n${item.subject.replace(/^((re|fwd?|aw|vs|sv):\s*)+/i, '')}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()];
}

/** The Snoozed folder's wake times: each entry with its time, "change time" and "unsnooze" (wake now). */
export function SnoozedPanel({ userIndex }: { userIndex: number }) {
  const { t } = useTranslation('snooze');
  const format = useWakeFormat();
  const items = useSnoozed(userIndex).data?.items ?? [];
  const change = useChangeSnooze(userIndex);
  const unsnooze = useUnsnooze(userIndex);
  const [changing, setChanging] = useState<{ ids: string[]; anchor: HTMLElement } | null>(null);
  if (!items.length) return null;
  return (
    <Box component="section" aria-label={t('panel.title')} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <List dense disablePadding sx={{ maxHeight: 200, overflowY: 'auto' }}>
        {groupBySubject(items).map((group) => {
          const first = group[0]!;
          const ids = group.map((item) => item.id);
          const subject = first.subject || t('panel.noSubject');
          return (
            <ListItem
              key={first.id}
              secondaryAction={
                <>
                  <Tooltip title={t('panel.change')}>
                    <IconButton
                      aria-label={t('panel.changeOf', { subject })}
                      onClick={(event) => setChanging({ ids, anchor: event.currentTarget })}
                    >
                      <EditCalendarOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('panel.unsnooze')}>
                    <IconButton
                      aria-label={t('panel.unsnoozeOf', { subject })}
                      onClick={() => unsnooze.mutate(ids)}
                    >
                      <AlarmOffOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={subject}
                secondary={t('panel.wakes', { time: format.short(first.wakeAt) })}
                slotProps={{ primary: { noWrap: true } }}
              />
            </ListItem>
          );
        })}
      </List>
      <SnoozeMenu
        anchor={changing?.anchor ?? null}
        open={changing !== null}
        onPick={(at) => {
          if (changing) change.mutate({ ids: changing.ids, wakeAt: at });
          setChanging(null);
        }}
        onClose={() => setChanging(null)}
      />
    </Box>
  );
}
