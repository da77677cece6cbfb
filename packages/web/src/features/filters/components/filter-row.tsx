import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VerticalAlignBottomIcon from '@mui/icons-material/VerticalAlignBottom';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import type { Filter } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { Tooltip } from '../../../shared/ui/tooltip';

/** On a phone the name takes the row and the actions wrap under it, so a long name is read whole. */
const rowSx = { gap: 1, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } } as const;
const nameSx = { minWidth: 0, flex: { xs: '1 1 calc(100% - 58px)', sm: '1 1 auto' } } as const;

export interface FilterRowProps {
  filter: Filter;
  /** The last filter runs last already: it cannot move to the bottom. */
  last: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onToggle: () => void;
  onEdit: () => void;
  onMoveToBottom: () => void;
  onDelete: () => void;
}

/** One filter of the list: its checkbox, name and state, the switch, edit, move to bottom and delete. */
export function FilterRow({
  filter,
  last,
  selected,
  onSelect,
  onToggle,
  onEdit,
  onMoveToBottom,
  onDelete,
}: FilterRowProps) {
  const { t } = useTranslation('filters');
  const name = filter.name;
  return (
    <ListItem disableGutters divider sx={rowSx}>
      <Checkbox
        checked={selected}
        onChange={(e) => onSelect(e.target.checked)}
        slotProps={{ input: { 'aria-label': t('select', { name }) } }}
      />
      <ListItemText
        primary={name}
        secondary={filter.disabled ? t('off') : t('on')}
        sx={{ ...nameSx, opacity: filter.disabled ? 0.6 : 1 }}
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
      />
      <Stack direction="row" sx={{ alignItems: 'center', flexShrink: 0, ml: 'auto' }}>
        <Tooltip title={t('toggle', { name })}>
          <Switch
            checked={!filter.disabled}
            onChange={onToggle}
            slotProps={{ input: { 'aria-label': t('toggle', { name }) } }}
          />
        </Tooltip>
        <Tooltip title={t('edit', { name })}>
          <IconButton aria-label={t('edit', { name })} onClick={onEdit}>
            <EditOutlinedIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('moveToBottom', { name })}>
          <span>
            <IconButton disabled={last} aria-label={t('moveToBottom', { name })} onClick={onMoveToBottom}>
              <VerticalAlignBottomIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('deleteOne', { name })}>
          <IconButton aria-label={t('deleteOne', { name })} onClick={onDelete}>
            <DeleteOutlinedIcon />
          </IconButton>
        </Tooltip>
      </Stack>
    </ListItem>
  );
}
