import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { ComposerBody, type ComposerBodyProps } from '../../compose/components/composer-body';
import { refusalMessage } from '../../compose/components/refusal-message';

export interface SignatureTextFieldProps {
  html: string;
  onChange: (html: string) => void;
  /** The server's word on the text, shown under the editor. */
  error?: string;
}

/**
 * A signature's text in the composer's rich-text editor (rich text only, inline images within the composer's
 * limits); an image the editor refuses is said in a notice, as in the composer.
 */
export function SignatureTextField({ html, onChange, error }: SignatureTextFieldProps) {
  const { t, i18n } = useTranslation('signatures');
  const { t: tCompose } = useTranslation('compose');
  const snackbar = useSnackbar();
  const language = i18n.resolvedLanguage ?? i18n.language;

  // The body field reports its HTML as a draft patch (the only field it changes here).
  const onBody = useCallback<ComposerBodyProps['onChange']>(
    (patch) => {
      if (typeof patch !== 'function' && patch.html !== undefined) onChange(patch.html);
    },
    [onChange],
  );
  const onRefused = useCallback(
    (file: File, refusal: Parameters<typeof refusalMessage>[2]) =>
      snackbar.show({
        type: 'error',
        message: refusalMessage(tCompose, file, refusal, language),
        timeout: 10_000,
      }),
    [snackbar, tCompose, language],
  );

  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ color: 'text.secondary' }}>
        {t('text')}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          px: 1.5,
          minHeight: 200,
          display: 'flex',
        }}
      >
        <ComposerBody
          draft={{ html, text: '', plainText: false }}
          onChange={onBody}
          messageBytes={html.length}
          onRefused={onRefused}
          errors={error ? [error] : []}
          richTextOnly
          label={t('text')}
        />
      </Box>
    </Box>
  );
}
