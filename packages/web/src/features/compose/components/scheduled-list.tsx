import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { OutboxEntry } from '@webmail/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/error-message';
import { formatFullDate, useTimeZone } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useScheduled, useScheduledAction } from '../api/scheduled';
import { composePath } from '../lib/compose-location';
import { SendLaterDialog } from './send-later-dialog';

/**
 * The Scheduled view: each waiting message with its send time; open it to edit (it becomes a draft again,
 * unscheduled), reschedule, send now or cancel (it stays in Drafts).
 */
export function ScheduledList({ userIndex }: { userIndex: number }) {
  const { t } = useTranslation('compose');
  const scheduled = useScheduled(userIndex);
  const [moving, setMoving] = useState<OutboxEntry | null>(null);
  const act = useScheduledEntryActions(userIndex);
  const entries = scheduled.data?.entries ?? [];
  return (
    <Box component="main" sx={{ flex: 1, minWidth: 0, overflow: 'auto', p: { xs: 1, sm: 2 } }}>
      <Typography variant="h6" component="h1" sx={{ px: 1, mb: 1 }}>
        {t('later.folder')}
      </Typography>
      {scheduled.isSuccess && entries.length === 0 && (
        <Typography sx={{ px: 1, color: 'text.secondary' }}>{t('later.empty')}</Typography>
      )}
      <List aria-label={t('later.folder')}>
        {entries.map((entry) => (
          <ScheduledRow
            key={entry.id}
            entry={entry}
            busy={act.busy}
            onEdit={() => void act.edit(entry)}
            onReschedule={() => setMoving(entry)}
            onSendNow={() => void act.run({ kind: 'sendNow', outboxId: entry.id }, 'later.sendingNow')}
            onCancel={() => void act.run({ kind: 'cancel', outboxId: entry.id }, 'later.cancelled')}
          />
        ))}
      </List>
      {moving && (
        <SendLaterDialog
          open
          title={t('later.rescheduleTitle')}
          initial={moving.dueAt}
          onClose={() => setMoving(null)}
          onPick={(sendAt) => {
            setMoving(null);
            void act.run({ kind: 'reschedule', outboxId: moving.id, sendAt }, 'later.rescheduled');
          }}
        />
      )}
    </Box>
  );
}

function ScheduledRow(props: {
  entry: OutboxEntry;
  busy: boolean;
  onEdit: () => void;
  onReschedule: () => void;
  onSendNow: () => void;
  onCancel: () => void;
}) {
  const { entry, busy } = props;
  const { t } = useTranslation('compose');
  const timeZone = useTimeZone();
  const subject = entry.subject || t('later.noSubject');
  return (
    <ListItem divider sx={{ flexWrap: 'wrap', gap: 1 }} aria-label={subject}>
      <ListItemText
        primary={subject}
        secondary={t('later.sendsAt', { time: formatFullDate(entry.dueAt, timeZone) })}
        sx={{ flex: '1 1 200px', minWidth: 0 }}
        slotProps={{ primary: { noWrap: true } }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        <Button size="small" disabled={busy} onClick={props.onEdit} sx={{ minHeight: 40 }}>
          {t('later.edit')}
        </Button>
        <Button size="small" disabled={busy} onClick={props.onReschedule} sx={{ minHeight: 40 }}>
          {t('later.reschedule')}
        </Button>
        <Button size="small" disabled={busy} onClick={props.onSendNow} sx={{ minHeight: 40 }}>
          {t('later.sendNow')}
        </Button>
        <Button size="small" color="error" disabled={busy} onClick={props.onCancel} sx={{ minHeight: 40 }}>
          {t('later.cancel')}
        </Button>
      </Box>
    </ListItem>
  );
}

type Done = 'later.sendingNow' | 'later.cancelled' | 'later.rescheduled';

/** The row actions with their notices; edit unschedules first, then opens the draft in the composer. */
function useScheduledEntryActions(userIndex: number) {
  const { t } = useTranslation('compose');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const mutation = useScheduledAction(userIndex);
  const run = async (action: Parameters<typeof mutation.mutateAsync>[0], done: Done) => {
    try {
      const entry = await mutation.mutateAsync(action);
      const worked = action.kind === 'cancel' ? entry.status === 'cancelled' : entry.status !== 'cancelled';
      snackbar.show(
        worked ? { type: 'success', message: t(done) } : { type: 'error', message: t('later.tooLate') },
      );
      return worked;
    } catch (error) {
      snackbar.show({ type: 'error', message: errorMessage(error, tErrors) });
      return false;
    }
  };
  const edit = async (entry: OutboxEntry) => {
    const entryBack = await mutation.mutateAsync({ kind: 'cancel', outboxId: entry.id }).catch(() => null);
    if (entryBack?.status !== 'cancelled') {
      snackbar.show({ type: 'error', message: t('later.tooLate') });
      return;
    }
    await navigate(composePath(userIndex, entry.draftId));
  };
  return { run, edit, busy: mutation.isPending };
}
