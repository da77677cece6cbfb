import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { DraftState, SaveResult } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';

/** The draft's state, in words, announced politely to screen readers. */
export function DraftStateLabel({
  state,
  lastResult,
  offline,
  validationMessage,
}: {
  state: DraftState;
  lastResult: SaveResult | null;
  offline: boolean;
  validationMessage: string;
}) {
  const { t } = useTranslation('compose');
  let text: string = t(`state.${state}`);
  if (state === 'notSaved' && offline) text = t('state.offline');
  else if (state === 'notSaved' && lastResult === 'validationError') {
    text = t('state.validationError', { message: validationMessage });
  }
  const busy = state === 'saving' || state === 'sending';
  const problem = state === 'notSaved' && (offline || lastResult === 'validationError');

  return (
    <Box
      role="status"
      aria-live="polite"
      data-draft-state={state}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        minWidth: 0,
        color: problem ? 'error.main' : 'text.secondary',
      }}
    >
      {busy && <CircularProgress size={14} color="inherit" />}
      {state === 'saved' && <CloudDoneOutlinedIcon sx={{ fontSize: 18 }} />}
      {problem && <CloudOffOutlinedIcon sx={{ fontSize: 18 }} />}
      <Typography variant="caption" noWrap title={text} sx={{ color: 'inherit' }}>
        {text}
      </Typography>
    </Box>
  );
}
