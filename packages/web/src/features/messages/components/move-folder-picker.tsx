import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { filterMoveTargets, nextOptionIndex } from '../lib/move-targets';
import type { MoveTarget } from './more-actions-menu';

/**
 * The listbox's keys: arrows, Home and End move, Enter or Space chooses, Backspace takes a letter off the filter,
 * a printable key adds one.
 */
function listKeys(
  current: number,
  count: number,
  on: {
    choose: () => void;
    moveTo: (index: number) => void;
    filter: (change: (text: string) => string) => void;
  },
) {
  return (event: KeyboardEvent) => {
    const moved = nextOptionIndex(event.key, current, count);
    const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (moved !== null) on.moveTo(moved);
    else if (event.key === 'Enter' || event.key === ' ') on.choose();
    else if (event.key === 'Backspace') on.filter((text) => text.slice(0, -1));
    else if (printable) on.filter((text) => text + event.key);
    else return;
    event.preventDefault();
  };
}

export interface MoveFolderPickerProps {
  /** Where the picker opens (the More actions button); focus returns there when it closes. */
  anchor: HTMLElement;
  targets: MoveTarget[];
  onChoose: (targetId: string) => void;
  onClose: () => void;
}

/**
 * "Move to…": the folders as a listbox the keyboard can use. Focus starts on the first folder; arrows, Home and End
 * move between folders; typing filters them (the filter field shows what was typed, Backspace takes it back); Enter
 * or Space moves; Escape closes. Being a dialog, letters typed here never reach the page's shortcuts.
 */
export function MoveFolderPicker({ anchor, targets, onChoose, onClose }: MoveFolderPickerProps) {
  const { t } = useTranslation('messages');
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(0);
  const titleId = useId();
  const listId = useId();
  const options = useRef<(HTMLLIElement | null)[]>([]);
  const field = useRef<HTMLInputElement>(null);
  // Escape hands the focus back to where it was (the row or message `v` was pressed on), else to the anchor (the
  // menu item "Move to…" is gone by then).
  const [returnTo] = useState(() => document.activeElement);
  const close = () => {
    onClose();
    window.setTimeout(() => {
      const target = returnTo instanceof HTMLElement && returnTo.isConnected ? returnTo : anchor;
      target.focus();
    });
  };
  const shown = filterMoveTargets(targets, filter);
  const current = Math.min(active, Math.max(shown.length - 1, 0));

  // The option with the focus follows `active`; after filtering, the first match; with no folder left, the filter
  // field (Backspace there takes the filter back). At once, so keys typed right after `v` land here, and again a
  // task later: the menu this replaces hands the focus back to its button as it goes.
  useLayoutEffect(() => {
    const focus = () => (options.current[current] ?? field.current)?.focus();
    focus();
    const timer = window.setTimeout(focus);
    return () => window.clearTimeout(timer);
  }, [current, filter, shown.length]);

  const onListKey = listKeys(current, shown.length, {
    choose: () => {
      const target = shown[current];
      if (target) onChoose(target.id);
    },
    moveTo: setActive,
    filter: (change) => {
      setFilter(change);
      setActive(0);
    },
  });

  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={close}
      disableRestoreFocus
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      disableAutoFocus
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: 280, maxHeight: 'min(420px, 80vh)', display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Typography id={titleId} variant="subtitle2" component="h2" sx={{ px: 2, pt: 1.5 }}>
        {t('actions.moveTo')}
      </Typography>
      <Box sx={{ px: 2, py: 1 }}>
        <InputBase
          value={filter}
          placeholder={t('movePicker.filter')}
          onChange={(event) => {
            setFilter(event.target.value);
            setActive(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'Enter') {
              event.preventDefault();
              options.current[0]?.focus();
            }
          }}
          inputRef={field}
          inputProps={{ 'aria-label': t('movePicker.filter'), 'aria-controls': listId }}
          sx={{ width: '100%', px: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      </Box>
      <Box
        component="ul"
        role="listbox"
        id={listId}
        aria-labelledby={titleId}
        onKeyDown={onListKey}
        sx={{ listStyle: 'none', m: 0, p: 0, pb: 1, overflowY: 'auto' }}
      >
        {shown.length === 0 && (
          <Typography component="li" role="presentation" variant="body2" sx={{ px: 2, py: 1 }}>
            {t('movePicker.none')}
          </Typography>
        )}
        {shown.map((target, index) => (
          <Box
            component="li"
            role="option"
            key={target.id}
            ref={(element: HTMLLIElement | null) => {
              options.current[index] = element;
            }}
            aria-selected={index === current}
            tabIndex={index === current ? 0 : -1}
            onClick={() => onChoose(target.id)}
            onFocus={() => setActive(index)}
            sx={{
              py: 1,
              pr: 2,
              pl: 2 + 2 * target.depth,
              cursor: 'pointer',
              typography: 'body1',
              '&:hover': { bgcolor: 'action.hover' },
              '&[aria-selected="true"]': { bgcolor: 'action.selected' },
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            {target.name}
          </Box>
        ))}
      </Box>
    </Popover>
  );
}
