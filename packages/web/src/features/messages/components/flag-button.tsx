import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from '../../../shared/i18n/translation';
import { Tooltip } from '../../../shared/ui/tooltip';

export const flaggedColor = '#f4b400';

export interface FlagButtonProps {
  flagged: boolean;
  onToggle: () => void;
  size?: 'small' | 'medium';
  tabIndex?: number;
}

/** The star toggle (IMAP \Flagged). In the list its hit area is 48 px on phones. */
export function FlagButton({ flagged, onToggle, size = 'small', tabIndex }: FlagButtonProps) {
  const { t } = useTranslation('messages');
  const label = flagged ? t('flag.remove') : t('flag.add');
  return (
    <Tooltip title={label}>
      <IconButton
        size={size}
        aria-label={label}
        aria-pressed={flagged}
        onClick={onToggle}
        tabIndex={tabIndex}
        sx={size === 'small' ? { width: { xs: 48, sm: 36 }, height: { xs: 48, sm: 36 } } : undefined}
      >
        {flagged ? (
          <StarIcon fontSize={size} sx={{ color: flaggedColor }} />
        ) : (
          <StarBorderIcon fontSize={size} sx={{ color: 'text.secondary' }} />
        )}
      </IconButton>
    </Tooltip>
  );
}
