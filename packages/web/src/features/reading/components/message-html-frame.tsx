import Box from '@mui/material/Box';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { buildSrcDoc, type FrameColors } from '../lib/build-srcdoc';

export interface MessageHtmlFrameProps {
  html: string;
  title: string;
  /** A simple mail in dark mode: drawn in these colours rather than on a white page. */
  dark?: FrameColors;
  /** Called once the frame has laid out its content (the print view waits for it). */
  onReady?: () => void;
}

/**
 * The sandbox. Never `allow-scripts`: nothing in the mail ever runs, so `allow-same-origin`
 * is harmless (the combination of the two is what would let a frame remove its own sandbox). It is there so the
 * app can read the content's height: without scripts inside, the frame cannot report its size, and with an
 * opaque origin the parent could not look in either — the alternatives were a fixed height with a scrollbar
 * inside the message, or running a script in the frame. allow-popups + allow-popups-to-escape-sandbox let links
 * (target=_blank, rel=noopener noreferrer from the sanitizer) open as normal tabs rather than sandboxed ones.
 */
export const messageFrameSandbox = 'allow-same-origin allow-popups allow-popups-to-escape-sandbox';

/**
 * The height the content needs. `documentElement.scrollHeight` never drops below the frame's own height, so it
 * could grow the frame but never shrink it (e.g. when the pane gets wider); the body's box can do both.
 */
function contentHeight(document: Document): number {
  const body = document.body;
  if (!body) return document.documentElement.scrollHeight;
  const style = document.defaultView?.getComputedStyle(body);
  const margins = style ? parseFloat(style.marginTop) + parseFloat(style.marginBottom) : 0;
  return Math.ceil(Math.max(body.getBoundingClientRect().height, body.scrollHeight) + (margins || 0));
}

/**
 * The sanitized HTML body in a sandboxed iframe, sized to its content: measured from the parent on load, then
 * followed by a ResizeObserver (created here, watching the frame's elements) as images decode or the pane's
 * width changes. The styles stay inside the frame, so the mail cannot restyle the app nor the app the mail.
 */
export function MessageHtmlFrame({ html, title, dark, onReady }: MessageHtmlFrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(120);
  const srcDoc = useMemo(() => buildSrcDoc(html, window.location.origin, dark), [html, dark]);
  const observer = useRef<ResizeObserver | null>(null);

  const measure = useCallback(() => {
    const document = frameRef.current?.contentDocument;
    if (document) setHeight(Math.max(contentHeight(document), 40));
  }, []);

  const onLoad = useCallback(() => {
    measure();
    onReady?.();
    observer.current?.disconnect();
    const document = frameRef.current?.contentDocument;
    if (!document || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(measure);
    observer.current.observe(document.documentElement);
    if (document.body) observer.current.observe(document.body);
  }, [measure, onReady]);

  useEffect(() => () => observer.current?.disconnect(), []);

  return (
    <Box
      component="iframe"
      ref={frameRef}
      title={title}
      sandbox={messageFrameSandbox}
      srcDoc={srcDoc}
      onLoad={onLoad}
      referrerPolicy="no-referrer"
      sx={{
        display: 'block',
        width: '100%',
        height,
        border: 0,
        bgcolor: dark ? dark.background : '#fff',
        colorScheme: dark ? 'dark' : 'light',
      }}
    />
  );
}
