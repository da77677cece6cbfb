import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from '../../../shared/i18n/translation';

export const flaggedColor = '#f4b400';

export interface FlagButtonProps {
  flagged: boolean;
  onToggle: () => void;
  size?: 'small' | 'medium';
}

/** The star toggle (IMAP \Flagged). */
export function FlagButton({ flagged, onToggle, size = 'small' }: FlagButtonProps) {
  const { t } = useTranslation('messages');
  const label = flagged ? t('flag.remove') : t('flag.add');
  return (
    <Tooltip title={label}>
      <IconButton size={size} aria-label={label} aria-pressed={flagged} onClick={onToggle}>
        {flagged ? (
          <StarIcon fontSize={size} sx={{ color: flaggedColor }} />
        ) : (
          <StarBorderIcon fontSize={size} sx={{ color: 'text.secondary' }} />
        )}
      </IconButton>
    </Tooltip>
  );
}
