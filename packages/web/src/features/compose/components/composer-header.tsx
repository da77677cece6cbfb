import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { pageHeadingProps } from '../../../shared/ui/focus-rule';

/** Title row: close (back to where the user came from), the subject as title, and the draft's state. */
export function ComposerHeader({
  title,
  onClose,
  state,
}: {
  title: string;
  onClose: () => void;
  state: ReactNode;
}) {
  const { t } = useTranslation('compose');
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: { xs: 0.5, sm: 1.5 },
        minHeight: 56,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <IconButton aria-label={t('close')} onClick={onClose} sx={{ width: 48, height: 48 }}>
        <CloseIcon />
      </IconButton>
      <Typography
        component="h1"
        {...pageHeadingProps}
        variant="h6"
        noWrap
        sx={{ flex: 1, minWidth: 0, fontSize: { xs: 18, sm: 20 } }}
      >
        {title}
      </Typography>
      <Box sx={{ maxWidth: '45%', pr: 1 }}>{state}</Box>
    </Box>
  );
}
