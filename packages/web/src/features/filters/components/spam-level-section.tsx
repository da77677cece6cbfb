import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { defaultSpamLevel } from '@webmail/contracts';
import { useState } from 'react';
import { reasonText } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useSpamLevel } from '../api/filters';

/** What a level means in words: lower is stricter. */
export function spamLevelWord(level: number): 'strict' | 'normal' | 'lenient' {
  if (level < 34) return 'strict';
  if (level <= 66) return 'normal';
  return 'lenient';
}

/** The spam level (0–100, stricter to the left), saved when the slider is let go. */
export function SpamLevelSection() {
  const userIndex = useUserIndex();
  const { t } = useTranslation('filters');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const { query, save } = useSpamLevel(userIndex);
  const [moving, setMoving] = useState<number | null>(null);
  const level = moving ?? query.data?.spamLevel ?? defaultSpamLevel;
  // The mail server's filters cannot read spam scores: the level would be stored but never applied.
  const unavailable = query.data?.available === false;
  return (
    <Box component="section" aria-labelledby="spam-level-heading" sx={{ maxWidth: 480 }}>
      <Typography id="spam-level-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('spamLevel.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('spamLevel.intro')}
      </Typography>
      {unavailable && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('spamLevel.unavailable')}
        </Alert>
      )}
      <Slider
        value={level}
        min={0}
        max={100}
        disabled={!query.data || save.isPending || unavailable}
        aria-label={t('spamLevel.title')}
        getAriaValueText={(v) => t(`spamLevel.${spamLevelWord(v)}`)}
        valueLabelDisplay="auto"
        onChange={(_e, value) => setMoving(value)}
        onChangeCommitted={(_e, value) =>
          save.mutate(
            { spamLevel: value, available: query.data?.available ?? null },
            {
              onSuccess: () => snackbar.show({ type: 'success', message: t('spamLevel.saved') }),
              onError: (e) =>
                snackbar.show({ type: 'error', message: reasonText(e, tErrors) ?? t('saveFailed') }),
              onSettled: () => setMoving(null),
            },
          )
        }
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="caption">{t('spamLevel.stricter')}</Typography>
        <Typography variant="caption" sx={{ fontWeight: 600 }}>
          {t(`spamLevel.${spamLevelWord(level)}`)}
        </Typography>
        <Typography variant="caption">{t('spamLevel.lenienter')}</Typography>
      </Stack>
    </Box>
  );
}
