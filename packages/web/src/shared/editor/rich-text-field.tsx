import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { BodyField } from './body-field';
import type { BodyValue } from './body-value';

export interface RichTextFieldProps {
  /** Shown above the field, and its name for assistive technology. */
  label: string;
  /** The HTML the field starts from; after that the field owns what is typed. */
  html: string;
  /** The HTML after each change (never the same text twice in a row). */
  onChange: (html: string) => void;
  /** The server's word on the text, shown under the editor. */
  error?: string;
  /** Images can be put in (default); see `BodyFieldProps.images`. */
  images?: boolean;
}

/**
 * A rich-text field of a form (a signature's text, the auto-reply's message): the composer's body editor, rich
 * text only, under its label in a frame of its own.
 */
export function RichTextField({ label, html, onChange, error, images = true }: RichTextFieldProps) {
  const value = useMemo(() => ({ html, text: '', plainText: false }), [html]);
  const onBody = useCallback(
    (patch: Partial<BodyValue>) => {
      if (patch.html !== undefined && patch.html !== html) onChange(patch.html);
    },
    [html, onChange],
  );
  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, minHeight: 200, display: 'flex' }}
      >
        <BodyField
          value={value}
          onChange={onBody}
          messageBytes={html.length}
          errors={error ? [error] : []}
          richTextOnly
          images={images}
          label={label}
        />
      </Box>
    </Box>
  );
}
