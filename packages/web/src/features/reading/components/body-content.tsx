import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { isDesignedHtml, type FrameColors } from '../lib/build-srcdoc';
import { MessageHtmlFrame } from './message-html-frame';
import { PlainTextBody } from './plain-text-body';

/**
 * One body: sanitized HTML in the sandboxed frame, else the plain text in the app's theme. In dark mode a simple
 * HTML mail is drawn in the theme's dark colours; a designed one (newsletters) keeps its white sheet, with a margin
 * so it reads as paper on the dark pane (`build-srcdoc.ts`).
 */
export function BodyContent({
  html,
  text,
  title,
}: {
  html: string | null;
  text: string | null;
  title: string;
}) {
  const { palette } = useTheme();
  const dark = palette.mode === 'dark';
  const frameColors = useMemo<FrameColors | undefined>(
    () =>
      dark && html !== null && !isDesignedHtml(html)
        ? {
            text: palette.text.primary,
            background: palette.background.paper,
            link: palette.secondary.main,
            quote: palette.text.secondary,
            quoteBorder: palette.text.secondary,
          }
        : undefined,
    [dark, html, palette],
  );
  if (html === null) return text ? <PlainTextBody text={text} /> : null;
  return (
    <Box
      sx={{
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: frameColors ? 'background.paper' : '#fff',
        p: dark && !frameColors ? 2 : 0,
      }}
    >
      <MessageHtmlFrame html={html} title={title} dark={frameColors} />
    </Box>
  );
}
