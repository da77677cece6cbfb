import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Autoreply } from '@webmail/contracts';
import { useState } from 'react';
import { reasonText } from '../../../shared/api/error-text';
import { RichTextField } from '../../../shared/editor/rich-text-field';
import { htmlToText, textToHtml } from '../../../shared/format/html-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { DateTimeField } from '../../../shared/ui/date-time-field';
import { LeaveGuard } from '../../../shared/ui/leave-dialog';
import { pageFallback } from '../../../shared/ui/load-failed-alert';
import { useAutoreply } from '../api/filters';

/**
 * Page Autoreply (settings/autoreply): on/off, the sender name, subject and message (rich text without images; the
 * server sends the text with the HTML as its alternative), and the start and end (the end cannot be set before the
 * start, nor the start after the end; both in the user's time zone, `DD.MM.YYYY HH:mm`). What is typed stays when
 * saving fails; leaving the page with unsaved changes asks first.
 */
export function AutoreplyPage() {
  const userIndex = useUserIndex();
  const { t } = useTranslation('filters');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const { query, save } = useAutoreply(userIndex);
  const [draft, setDraft] = useState<Autoreply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const fallback = pageFallback(query, { loadFailed: t('loadFailed'), retry: t('retry') });
  if (fallback || !query.data) return fallback;
  const form = draft ?? query.data;
  const set = (patch: Partial<Autoreply>) => setDraft({ ...form, ...patch });
  const endBeforeStart = Boolean(form.start && form.end && Date.parse(form.end) <= Date.parse(form.start));

  return (
    <Box sx={{ maxWidth: 640 }}>
      <LeaveGuard when={draft !== null && !save.isPending} />
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('autoreply.intro')}
      </Typography>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          if (endBeforeStart) return;
          setFailure(null);
          save.mutate(form, {
            onSuccess: () => {
              setDraft(null);
              snackbar.show({ type: 'success', message: t('autoreply.saved') });
            },
            onError: (e) => setFailure(reasonText(e, tErrors) ?? t('saveFailed')),
          });
        }}
      >
        <FormControlLabel
          control={<Switch checked={form.status} onChange={(e) => set({ status: e.target.checked })} />}
          label={t('autoreply.status')}
        />
        <TextField
          label={t('autoreply.name')}
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          label={t('autoreply.subject')}
          value={form.subject}
          onChange={(e) => set({ subject: e.target.value })}
          helperText={t('autoreply.subjectHelp')}
        />
        <RichTextField
          label={t('autoreply.text')}
          // The stored HTML, or the stored text as paragraphs (written before rich text, or by another client).
          html={form.html || (form.text ? textToHtml(form.text) : '')}
          onChange={(html) => set({ html, text: htmlToText(html) })}
          // The mail server's reply carries the text alone: an inline image would reach the sender as a data: URL.
          images={false}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateTimeField
            label={t('autoreply.start')}
            value={form.start}
            onChange={(start) => set({ start })}
            max={form.end}
            helperText={t('autoreply.noBound')}
          />
          <DateTimeField
            label={t('autoreply.end')}
            value={form.end}
            onChange={(end) => set({ end })}
            min={form.start}
            error={endBeforeStart}
            helperText={endBeforeStart ? t('autoreply.endBeforeStart') : t('autoreply.noBound')}
          />
        </Stack>
        {failure && <Alert severity="error">{failure}</Alert>}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending || draft === null || endBeforeStart}
          >
            {t('save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
