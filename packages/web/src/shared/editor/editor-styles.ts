import type { SxProps, Theme } from '@mui/material/styles';
import { focusRing } from '../ui/focus-ring';

/** Typography of the body editor: close to how the message will look in the recipient's client. */
export const editorSx: SxProps<Theme> = {
  flex: 1,
  cursor: 'text',
  '& .ProseMirror': {
    minHeight: { xs: 200, sm: 240 },
    py: 1.5,
    px: 0.5,
    borderRadius: 1,
    fontSize: 15,
    lineHeight: 1.5,
    overflowWrap: 'anywhere',
  },
  // The caret alone is hard to find: a focused editor shows the ring every focusable control has.
  '& .ProseMirror:focus': focusRing,
  '& .ProseMirror p': { my: 0.5 },
  '& .ProseMirror blockquote': {
    borderLeft: 3,
    borderColor: 'divider',
    color: 'text.secondary',
    ml: 0.5,
    mr: 0,
    pl: 1.5,
  },
  '& .ProseMirror img': { maxWidth: '100%', height: 'auto' },
  '& .ProseMirror img.ProseMirror-selectednode': {
    outline: 2,
    outlineColor: 'primary.main',
    outlineStyle: 'solid',
  },
  '& .ProseMirror a': { color: 'primary.main' },
  '& .ProseMirror p.is-editor-empty:first-of-type::before': {
    content: 'attr(data-placeholder)',
    color: 'text.disabled',
    float: 'left',
    height: 0,
    pointerEvents: 'none',
  },
};
