import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import {
  AutoreplyPage,
  type AutoreplyMessageEditorProps,
} from '../../features/filters/components/autoreply-page';
import { ComposerBody, type ComposerBodyProps } from '../../features/compose/components/composer-body';
import { refusalMessage } from '../../features/compose/components/refusal-message';
import { textToHtml } from '../../features/compose/lib/composer-draft';
import { htmlToText } from '../../shared/format/html-text';
import { useTranslation } from '../../shared/i18n/translation';
import { useSnackbar } from '../../shared/snackbar/use-snackbar';

/** Page Autoreply with its message in the composer's rich-text body field (filters cannot import compose). */
export function AutoreplySettingsPage() {
  return <AutoreplyPage MessageEditor={AutoreplyMessageEditor} />;
}

function AutoreplyMessageEditor({ message, label, onChange }: AutoreplyMessageEditorProps) {
  const { t, i18n } = useTranslation('compose');
  const snackbar = useSnackbar();
  // The field starts from the stored HTML (or the stored text as paragraphs) and then owns what is typed.
  const [html, setHtml] = useState(() => message.html || (message.text ? textToHtml(message.text) : ''));
  const draft = useMemo(() => ({ html, text: '', plainText: false }), [html]);
  const onBody = useCallback<ComposerBodyProps['onChange']>(
    (patch) => {
      if (typeof patch === 'function' || patch.html === undefined || patch.html === html) return;
      setHtml(patch.html);
      onChange({ html: patch.html, text: htmlToText(patch.html) });
    },
    [html, onChange],
  );
  const onRefused = useCallback<ComposerBodyProps['onRefused']>(
    (file, refusal) =>
      snackbar.show({
        type: 'error',
        message: refusalMessage(t, file, refusal, i18n.resolvedLanguage ?? i18n.language),
        timeout: 10_000,
      }),
    [snackbar, t, i18n],
  );
  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, minHeight: 200, display: 'flex' }}
      >
        <ComposerBody
          draft={draft}
          onChange={onBody}
          messageBytes={html.length}
          onRefused={onRefused}
          richTextOnly
          images={false}
          label={label}
        />
      </Box>
    </Box>
  );
}
