import Box from '@mui/material/Box';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { buildSrcDoc } from '../lib/build-srcdoc';

export interface MessageHtmlFrameProps {
  html: string;
  title: string;
}

/**
 * The sanitized HTML body in a sandboxed iframe, sized to its content. allow-same-origin (without
 * allow-scripts, so no script ever runs inside) lets the app read the content height; a ResizeObserver follows
 * later changes such as images decoding or the pane getting narrower.
 */
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

export function MessageHtmlFrame({ html, title }: MessageHtmlFrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(120);
  const srcDoc = useMemo(() => buildSrcDoc(html), [html]);
  const observer = useRef<ResizeObserver | null>(null);

  const measure = useCallback(() => {
    const document = frameRef.current?.contentDocument;
    if (document) setHeight(Math.max(contentHeight(document), 40));
  }, []);

  const onLoad = useCallback(() => {
    measure();
    observer.current?.disconnect();
    const document = frameRef.current?.contentDocument;
    if (!document || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(measure);
    observer.current.observe(document.documentElement);
    if (document.body) observer.current.observe(document.body);
  }, [measure]);

  useEffect(() => () => observer.current?.disconnect(), []);

  return (
    <Box
      component="iframe"
      ref={frameRef}
      title={title}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      srcDoc={srcDoc}
      onLoad={onLoad}
      referrerPolicy="no-referrer"
      sx={{ display: 'block', width: '100%', height, border: 0, bgcolor: '#fff', colorScheme: 'light' }}
    />
  );
}
