import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { formatFullDate, useTimeZone } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { sendLaterPresets } from '../lib/send-later-presets';
import { SendLaterDialog } from './send-later-dialog';
import { Tooltip } from '../../../shared/ui/tooltip';

/**
 * Send later, beside Send: presets in the user's time zone (later today, tomorrow morning, Monday morning) and a
 * date-time picker. The chosen instant goes to `onSchedule`; the message then waits on the server.
 */
export function SendLaterMenu({
  disabled,
  onSchedule,
}: {
  disabled: boolean;
  onSchedule: (at: string) => void;
}) {
  const { t } = useTranslation('compose');
  const timeZone = useTimeZone();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [picking, setPicking] = useState(false);
  // Reckoned when the menu opens, in the user's zone.
  const [presets, setPresets] = useState<ReturnType<typeof sendLaterPresets>>([]);
  const choose = (at: string) => {
    setAnchor(null);
    setPicking(false);
    onSchedule(at);
  };
  return (
    <>
      <Tooltip title={t('later.menu')}>
        <span>
          <IconButton
            aria-label={t('later.menu')}
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : undefined}
            disabled={disabled}
            onClick={(event) => {
              setPresets(sendLaterPresets(new Date(), timeZone));
              setAnchor(event.currentTarget);
            }}
            sx={{ width: 48, height: 48 }}
          >
            <ScheduleSendIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {presets.map(({ preset, at }) => (
          <MenuItem key={preset} onClick={() => choose(at)} sx={{ minHeight: 48 }}>
            <ListItemText primary={t(`later.presets.${preset}`)} secondary={formatFullDate(at, timeZone)} />
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setPicking(true);
          }}
          sx={{ minHeight: 48 }}
        >
          <ListItemText primary={t('later.pick')} />
        </MenuItem>
      </Menu>
      {picking && (
        <SendLaterDialog
          open
          title={t('later.pickTitle')}
          onClose={() => setPicking(false)}
          onPick={choose}
        />
      )}
    </>
  );
}
