import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/translation';

export interface FiltersSelectionBarProps {
  total: number;
  chosen: number;
  onSelectAll: (on: boolean) => void;
  onEnable: () => void;
  onDisable: () => void;
  onDelete: () => void;
  pending: boolean;
}

/** Select all; with some chosen, how many and what to do with them: enable, disable, delete. */
export function FiltersSelectionBar({
  total,
  chosen,
  onSelectAll,
  onEnable,
  onDisable,
  onDelete,
  pending,
}: FiltersSelectionBarProps) {
  const { t } = useTranslation('filters');
  const all = total > 0 && chosen === total;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <Checkbox
        checked={all}
        indeterminate={chosen > 0 && !all}
        onChange={(e) => onSelectAll(e.target.checked)}
        slotProps={{ input: { 'aria-label': t('selectAll') } }}
      />
      {chosen > 0 && (
        <>
          <Typography variant="body2">{t('selected', { count: chosen })}</Typography>
          <Button size="small" onClick={onEnable} disabled={pending}>
            {t('enable')}
          </Button>
          <Button size="small" onClick={onDisable} disabled={pending}>
            {t('disable')}
          </Button>
          <Button size="small" color="error" onClick={onDelete}>
            {t('delete')}
          </Button>
        </>
      )}
    </Stack>
  );
}
