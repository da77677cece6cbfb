import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ViewMode } from '@webmail/contracts';

/**
 * True when the list and the reading pane stand side by side: the reading-pane setting is 3-panel and the screen is
 * at least md (905 px). Otherwise (2-panel, or a small screen) an open message replaces the list and has a back
 * button.
 */
export function useSideBySide(viewMode: ViewMode): boolean {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  return wide && viewMode === '3-panel';
}
