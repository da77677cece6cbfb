import Box from '@mui/material/Box';
import { focusRing } from './focus-ring';
import { focusTargetAfterRemoval } from './focus-rule';
import { visuallyHidden } from './visually-hidden';

/**
 * The first Tab stop of the page: jumps past the app bar and the sidebar to the message list (its current row), or
 * where the list would be (the page's heading). Hidden until it has the focus.
 */
export function SkipLink({ label }: { label: string }) {
  return (
    <Box
      component="a"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        focusTargetAfterRemoval()?.focus();
      }}
      sx={{
        ...visuallyHidden,
        '&:focus': {
          ...focusRing,
          position: 'fixed',
          top: 8,
          left: 8,
          zIndex: 'tooltip',
          width: 'auto',
          height: 'auto',
          margin: 0,
          clip: 'auto',
          overflow: 'visible',
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'primary.main',
          boxShadow: 3,
        },
      }}
    >
      {label}
    </Box>
  );
}
