import Paper from '@mui/material/Paper';
import Popper, { type PopperProps } from '@mui/material/Popper';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';

/** A Popper.js modifier: the dropdown is as wide as the bar, whatever the window does. */
const sameWidth: NonNullable<PopperProps['modifiers']>[number] = {
  name: 'sameWidth',
  enabled: true,
  phase: 'beforeWrite',
  requires: ['computeStyles'],
  fn: ({ state }) => {
    state.styles.popper = { ...state.styles.popper, width: `${state.rects.reference.width}px` };
  },
};

export interface SearchDropdownProps {
  open: boolean;
  /** Whether it holds the advanced view (else the quick view): its name says which. */
  advanced: boolean;
  /** The bar's box, which the dropdown hangs under. */
  anchor: HTMLElement | null;
  phone: boolean;
  /** The id the bar's input and options button point at (`aria-controls`). */
  popupId: string;
  children: ReactNode;
}

/**
 * Where the search bar's dropdown sits and what it is to assistive technology: a dialog named after the view it
 * holds, under the bar and as wide as it; on a phone as wide as the app bar, under it (the bar is narrow there).
 * It scrolls inside when it is taller than the window.
 */
export function SearchDropdown({ open, advanced, anchor, phone, popupId, children }: SearchDropdownProps) {
  const { t } = useTranslation('search');
  return (
    <Popper
      open={open}
      anchorEl={phone ? (anchor?.closest('header') ?? anchor) : anchor}
      placement="bottom-start"
      disablePortal
      modifiers={[sameWidth]}
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
    >
      <Paper
        id={popupId}
        role="dialog"
        aria-label={advanced ? t('advanced.title') : t('bar.options')}
        elevation={3}
        sx={{ borderRadius: '0 0 16px 16px', maxHeight: 'calc(100dvh - 72px)', overflowY: 'auto' }}
      >
        {children}
      </Paper>
    </Popper>
  );
}
