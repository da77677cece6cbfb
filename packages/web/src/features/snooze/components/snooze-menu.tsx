import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { snoozePresets } from '../lib/snooze-presets';
import { useWakeFormat } from '../hooks/use-wake-format';

// Loaded when first opened: the date picker library is the largest part of the mail pages' code and a list needs
// none of it at first.
const SnoozePickerDialog = lazy(async () => ({
  default: (await import('./snooze-picker-dialog')).SnoozePickerDialog,
}));

export interface SnoozeMenuProps {
  /** The button it opens from; null (the keyboard) opens it in the middle of the window. */
  anchor: HTMLElement | null;
  open: boolean;
  onPick: (at: number) => void;
  onClose: () => void;
}

/** The snooze times: the presets in the user's time zone, and a date and time of one's own. */
export function SnoozeMenu(props: SnoozeMenuProps) {
  // Mounted while open: the presets are worked out from the time it opened.
  return props.open ? <OpenSnoozeMenu {...props} /> : null;
}

function OpenSnoozeMenu({ anchor, open, onPick, onClose }: SnoozeMenuProps) {
  const { t } = useTranslation('snooze');
  const format = useWakeFormat();
  const [picking, setPicking] = useState(false);
  const [now] = useState(Date.now);
  const presets = snoozePresets(now, format.timeZone);
  const centre = { top: window.innerHeight / 3, left: window.innerWidth / 2 };
  return (
    <>
      <Menu
        open={open && !picking}
        onClose={onClose}
        anchorEl={anchor}
        anchorReference={anchor ? 'anchorEl' : 'anchorPosition'}
        anchorPosition={anchor ? undefined : centre}
        slotProps={{ list: { 'aria-label': t('menu.title') } }}
      >
        {presets.map((preset) => (
          <MenuItem key={preset.id} onClick={() => onPick(preset.at)}>
            <ListItemText primary={t(`presets.${preset.id}`)} secondary={format.short(preset.at)} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => setPicking(true)}>
          <ListItemIcon>
            <EditCalendarOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('presets.pick')} />
        </MenuItem>
      </Menu>
      {picking && (
        <Suspense fallback={null}>
          <SnoozePickerDialog
            open
            initial={presets.find((p) => p.id === 'tomorrow')?.at ?? now + 86_400_000}
            timeZone={format.timeZone}
            onPick={(at) => {
              setPicking(false);
              onPick(at);
            }}
            onClose={() => {
              setPicking(false);
              onClose();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
