import SnoozeOutlinedIcon from '@mui/icons-material/SnoozeOutlined';
import { useMemo, useState, type ReactNode } from 'react';
import {
  ExtraMailActionsContext,
  type ExtraMailAction,
  type MessageRef,
} from '../../messages/components/extra-mail-actions';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useSnoozeMessages } from '../api/snooze-messages';
import { useWakeFormat } from '../hooks/use-wake-format';
import { SnoozeMenu } from './snooze-menu';

interface Pending {
  messages: readonly MessageRef[];
  anchor: HTMLElement | null;
  done: () => void;
}

/**
 * Offers "Snooze" (shortcut `b`, as in Gmail) to the mail views below it: the list's toolbar and keys, and one
 * message's actions. Not offered where the server cannot wake mail with its owner away (`available` false), nor
 * in the Snoozed folder itself (there the time is changed instead).
 */
export function SnoozeActions({
  userIndex,
  available,
  children,
}: {
  userIndex: number;
  available: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('snooze');
  const [pending, setPending] = useState<Pending | null>(null);
  const { mutate } = useSnoozeMessages(userIndex);
  const snackbar = useSnackbar();
  const format = useWakeFormat();
  const actions = useMemo<ExtraMailAction[]>(
    () =>
      available
        ? [
            {
              id: 'snooze',
              label: t('action'),
              icon: SnoozeOutlinedIcon,
              shortcut: 'b',
              isAvailable: (folder) => folder.specialUse !== 'snoozed',
              open: (messages, anchor, done) => setPending({ messages, anchor, done }),
            },
          ]
        : [],
    [available, t],
  );
  const pick = (at: number) => {
    if (!pending) return;
    const { messages, done } = pending;
    setPending(null);
    mutate(
      { messages: [...messages], wakeAt: at },
      {
        onSuccess: () => {
          done();
          snackbar.show({ type: 'success', message: t('snoozedUntil', { time: format.short(at) }) });
        },
      },
    );
  };
  return (
    <ExtraMailActionsContext.Provider value={actions}>
      {children}
      <SnoozeMenu
        anchor={pending?.anchor ?? null}
        open={pending !== null}
        onPick={pick}
        onClose={() => setPending(null)}
      />
    </ExtraMailActionsContext.Provider>
  );
}
