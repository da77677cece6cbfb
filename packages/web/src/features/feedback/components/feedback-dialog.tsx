import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { feedbackLimits } from '@webmail/contracts';
import { useId, useState, type FormEvent } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { formErrorsOf, reasonText } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { layoutSizes } from '../../../shared/ui/layout-sizes';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useSendFeedback } from '../api/send-feedback';
import { feedbackProblems, type FeedbackField } from '../lib/feedback-form';

/** The dialog default max width. */
const dialogMaxWidth = layoutSizes.dialogMaxWidth;

export interface FeedbackDialogProps {
  userIndex: number;
  open: boolean;
  onClose: () => void;
}

/**
 * The feedback dialog: stars 1–5 and a text of at most 1000 characters, both required, with a live
 * counter. The form checks with the contract's schema before sending; what the server refuses (422) shows on its
 * field, and nothing typed is lost. Sent: the 'feedback sent' notice and the dialog closes.
 */
export function FeedbackDialog({ userIndex, open, onClose }: FeedbackDialogProps) {
  const { t } = useTranslation('feedback');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const send = useSendFeedback(userIndex);
  const [stars, setStars] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{
    fields: Partial<Record<FeedbackField, string>>;
    form: string | null;
  }>({
    fields: {},
    form: null,
  });
  const [tried, setTried] = useState(false);
  const titleId = useId();
  const starsId = useId();
  const counterId = useId();

  // Once a send was tried, the words follow the fields as they change.
  const local = feedbackProblems(stars, text);
  const shown = {
    stars: errors.fields.stars ?? (tried && local.stars ? t(`errors.${local.stars}`) : undefined),
    feedback:
      errors.fields.feedback ??
      (local.feedback === 'feedbackTooLong' || (tried && local.feedback)
        ? t(`errors.${local.feedback!}`)
        : undefined),
  };
  const over = text.length > feedbackLimits.maxLength;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setErrors({ fields: {}, form: null });
    if (Object.keys(local).length > 0) return;
    send.mutate(
      { stars: stars!, feedback: text },
      {
        onSuccess: () => {
          snackbar.show({ type: 'success', message: t('sent') });
          setStars(null);
          setText('');
          setTried(false);
          onClose();
        },
        onError: (e) =>
          setErrors(
            isApiRequestError(e) && e.status === 422
              ? formErrorsOf(e, tErrors, ['stars', 'feedback'] as const, (texts) => texts[0])
              : { fields: {}, form: reasonText(e, tErrors) ?? t('sendFailed') },
          ),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={send.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: dialogMaxWidth } } }}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {errors.form && <Alert severity="error">{errors.form}</Alert>}
          <Box>
            <Typography id={starsId} component="div" variant="body2" sx={{ mb: 0.5 }}>
              {t('starsLabel')}
            </Typography>
            <Rating
              name="stars"
              value={stars}
              size="large"
              max={feedbackLimits.maxStars}
              onChange={(_event, value) => {
                setStars(value);
                setErrors((current) => ({ ...current, fields: { ...current.fields, stars: undefined } }));
              }}
              getLabelText={(value) => t('star', { count: value })}
              aria-labelledby={starsId}
            />
            {shown.stars && <FormHelperText error>{shown.stars}</FormHelperText>}
          </Box>
          <TextField
            label={t('textLabel')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setErrors((current) => ({ ...current, fields: { ...current.fields, feedback: undefined } }));
            }}
            multiline
            minRows={4}
            maxRows={12}
            required
            fullWidth
            error={Boolean(shown.feedback)}
            helperText={shown.feedback}
            slotProps={{ htmlInput: { 'aria-describedby': counterId } }}
          />
          <Typography
            id={counterId}
            variant="caption"
            aria-live="polite"
            sx={{ alignSelf: 'flex-end', mt: -1.5, color: over ? 'error.main' : 'text.secondary' }}
          >
            {t('counter', { count: text.length, max: feedbackLimits.maxLength })}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={send.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={send.isPending}>
            {t('send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
