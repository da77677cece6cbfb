import Box from '@mui/material/Box';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import type { MessageSummary } from '@webmail/contracts';
import { memo, useId, type DragEvent, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import type { MessageAction } from '../actions/message-actions';
import { rowKey, type RowKey } from '../hooks/use-message-selection';
import { useRowSwipe, type SwipeSide } from '../hooks/use-row-swipe';
import { rowLabel, rowParty, rowState, subjectLabel } from '../lib/message-labels';
import { participantNames, participantsText } from '../lib/participant-names';
import type { RowLayout } from '../lib/row-density';
import { FlagButton } from './flag-button';
import { MessageRowContent } from './message-row-content';
import { focusRowProps } from '../../../shared/ui/focus-rule';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { SelectableAvatar } from './selectable-avatar';

export interface MessageRowProps {
  message: MessageSummary;
  index: number;
  href: string;
  /** The message open in the reading pane. */
  open: boolean;
  /** Checked for a mass action. */
  checked: boolean;
  /** The row with the list's keyboard focus: its controls are in the tab order. */
  tabbable: boolean;
  showRecipients: boolean;
  layout: RowLayout;
  setSize: number;
  /** Where the row is in the list (px from its top). */
  top: number;
  /**
   * The message's date as the list shows it ("10:42", "29 Nov"), in the user's time zone: formatted by the list, so
   * a row renders again only when its own text changes (the time zone known after the first render, another day).
   */
  date: string;
  /** The same in full (the date's tooltip). */
  fullDate: string;
  /** What a swipe to the left and to the right does here (registry actions; none: that side does not swipe). */
  swipeLeft: MessageAction | undefined;
  swipeRight: MessageAction | undefined;
  onToggleFlag: (message: MessageSummary) => void;
  /** `range`: shift-click, from the last toggled row to this one. */
  onSelect: (row: RowKey, range: boolean) => void;
  onFocusRow: (index: number) => void;
  onDragStart: (message: MessageSummary, event: DragEvent) => void;
  onSwipe: (message: MessageSummary, side: SwipeSide) => void;
}

/** What a touch swipe does on each side of a row (from the actions registry), and running it. */
export interface RowSwipeActions {
  actionsOf: (message: MessageSummary) => Partial<Record<SwipeSide, MessageAction>>;
  perform: (message: MessageSummary, side: SwipeSide) => void;
}

const rowSx =
  (layout: RowLayout): SxProps<Theme> =>
  (theme) => ({
    position: 'absolute',
    top: 0,
    left: 0,
    width: '100%',
    height: layout.height,
    listStyle: 'none',
    overflow: 'hidden',
    borderBottom: `1px solid ${theme.palette.divider}`,
    // Vertical moves scroll the list; sideways ones are the row's swipe.
    touchAction: 'pan-y',
  });

/** The row's face, which a swipe slides aside: opaque, so the swipe's action shows only beside it. */
const faceSx =
  (layout: RowLayout, highlighted: boolean, offset: number, following: boolean): SxProps<Theme> =>
  (theme) => {
    const tint = (color: string) => `linear-gradient(${color}, ${color})`;
    return {
      position: 'relative',
      height: '100%',
      display: 'flex',
      alignItems: 'center',
      gap: 0.5,
      pl: layout.px,
      bgcolor: 'background.default',
      backgroundImage: highlighted
        ? tint(alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.08))
        : 'none',
      '&:hover': { backgroundImage: highlighted ? undefined : tint(theme.palette.action.hover) },
      transform: offset ? `translateX(${offset}px)` : undefined,
      transition: following ? 'none' : theme.transitions.create('transform'),
    };
  };

/** Under the face while it is swiped: the action that letting go runs, on the side the row uncovers. */
function SwipeBackdrop({ action, side }: { action: MessageAction; side: SwipeSide }) {
  const { t } = useTranslation('messages');
  const Icon = action.icon;
  return (
    <Box
      aria-hidden
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: side === 'right' ? 'flex-start' : 'flex-end',
        gap: 1,
        px: 3,
        color: 'common.white',
        bgcolor: action.id === 'archive' ? 'success.main' : 'error.main',
        fontWeight: 500,
      }}
    >
      <Icon />
      {t(action.labelKey)}
    </Box>
  );
}

/**
 * One row: checkbox avatar, party, subject, date, markers, star. A click opens the message; ctrl/cmd-click
 * toggles its checkbox and shift-click selects a range, as in desktop mail clients. Rows can be dragged onto a
 * folder. Memoised: a list's render (scrolling, the scroll box measured, a row checked) renders only the rows whose
 * own props changed, so its handlers must keep their identity (`MessageRows` gives them so).
 */
export const MessageRow = memo(function MessageRow(props: MessageRowProps) {
  const { message, index, href, open, checked, tabbable, showRecipients, layout, setSize, top, date } = props;
  const { onToggleFlag, onSelect, onFocusRow, onDragStart, onSwipe } = props;
  const swipeActions = { left: props.swipeLeft, right: props.swipeRight };
  const { t } = useTranslation('messages');
  // A conversation names who wrote in it; Sent and Drafts keep naming the recipients.
  const names = showRecipients ? null : participantNames(message.conversation?.participants, t);
  const party = names ? participantsText(names) : rowParty(message, showRecipients, t);
  const label = rowLabel(message, party, date, t);
  const state = rowState(message, t);
  const stateId = useId();
  const avatarSource = showRecipients ? message.to[0] : message.from;
  const swiping = useRowSwipe({ left: !!swipeActions.left, right: !!swipeActions.right }, (side) =>
    onSwipe(message, side),
  );
  const uncovered = swiping.side && swipeActions[swiping.side];

  const onLinkClick = (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey) {
      event.preventDefault();
      onSelect(rowKey(message), event.shiftKey);
    }
  };

  return (
    <Box
      component="li"
      aria-label={label}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      data-index={index}
      draggable
      onDragStart={(event: DragEvent) => onDragStart(message, event)}
      style={{ transform: `translateY(${top}px)` }}
      sx={rowSx(layout)}
      {...swiping.handlers}
    >
      {uncovered && swiping.side && <SwipeBackdrop action={uncovered} side={swiping.side} />}
      <Box sx={faceSx(layout, open || checked, swiping.offset, swiping.following)}>
        <SelectableAvatar
          selected={checked}
          name={avatarSource?.name}
          address={avatarSource?.address}
          size={layout.avatar}
          label={t('selection.select', { subject: subjectLabel(message.subject, t), party })}
          tabbable={tabbable}
          onToggle={(event) => onSelect(rowKey(message), event.shiftKey)}
        />
        <Box
          component={RouterLink}
          to={href}
          aria-describedby={state ? stateId : undefined}
          aria-current={open ? 'page' : undefined}
          data-row-link=""
          {...focusRowProps}
          tabIndex={tabbable ? 0 : -1}
          onClick={onLinkClick}
          onFocus={() => onFocusRow(index)}
          sx={{
            flex: 1,
            minWidth: 0,
            height: '100%',
            display: 'flex',
            alignItems: 'center',
            pl: 0.5,
            color: 'inherit',
            textDecoration: 'none',
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
          }}
        >
          <MessageRowContent
            message={message}
            party={party}
            names={names}
            date={date}
            fullDate={props.fullDate}
            lines={layout.lines}
          />
        </Box>
        {state && (
          <Box component="span" id={stateId} sx={visuallyHidden}>
            {state}
          </Box>
        )}
        <Box sx={{ pr: layout.px }}>
          <FlagButton
            flagged={message.flagged}
            onToggle={() => onToggleFlag(message)}
            tabIndex={tabbable ? 0 : -1}
          />
        </Box>
      </Box>
    </Box>
  );
});
