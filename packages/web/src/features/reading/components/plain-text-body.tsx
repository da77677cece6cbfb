import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { linkify } from '../lib/linkify';
import { splitQuotedText } from '../lib/quoted-text';

const textSx = {
  m: 0,
  fontFamily: 'inherit',
  fontSize: 14,
  lineHeight: 1.6,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;

function LinkifiedText({ text }: { text: string }) {
  const segments = useMemo(() => linkify(text), [text]);
  return segments.map((segment, index) =>
    segment.kind === 'link' ? (
      <Link key={index} href={segment.href} target="_blank" rel="noopener noreferrer">
        {segment.text}
      </Link>
    ) : (
      segment.text
    ),
  );
}

function QuotedBlock({ text, unfolded }: { text: string; unfolded: boolean }) {
  const { t } = useTranslation('reading');
  const [open, setOpen] = useState(unfolded);
  const id = useId();
  return (
    <Box>
      {!unfolded && (
        <Button
          size="small"
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          onClick={() => setOpen(!open)}
          sx={{ minHeight: { xs: 48, sm: 32 }, px: 1, color: 'text.secondary' }}
        >
          {open ? t('view.hideQuoted') : t('view.showQuoted')}
        </Button>
      )}
      {open && (
        <Box
          component="pre"
          id={id}
          className="quoted-text"
          sx={{ ...textSx, color: 'text.secondary', borderLeft: 2, borderColor: 'divider', pl: 1.5 }}
        >
          <LinkifiedText text={text} />
        </Box>
      )}
    </Box>
  );
}

/**
 * A plain-text body in the app's own typography (so it follows light and dark mode): http(s) and mailto links
 * made clickable, opening in a new tab; quotations (`>` lines) folded behind "show quoted text" — unless
 * `unfoldQuotes` (print) or the whole message is a quotation.
 */
export function PlainTextBody({ text, unfoldQuotes = false }: { text: string; unfoldQuotes?: boolean }) {
  const blocks = useMemo(() => splitQuotedText(text), [text]);
  const onlyQuotes = blocks.every((block) => block.quoted);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {blocks.map((block, index) =>
        block.quoted ? (
          <QuotedBlock key={index} text={block.text} unfolded={unfoldQuotes || onlyQuotes} />
        ) : (
          <Box component="pre" key={index} sx={textSx}>
            <LinkifiedText text={block.text} />
          </Box>
        ),
      )}
    </Box>
  );
}
