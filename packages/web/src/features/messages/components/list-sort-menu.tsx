import CheckIcon from '@mui/icons-material/Check';
import SortIcon from '@mui/icons-material/Sort';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { listSortFields, sortOrders, type ListSort } from '@webmail/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { Tooltip } from '../../../shared/ui/tooltip';

function Choice(props: { label: string; checked: boolean; onClick: () => void }) {
  return (
    <MenuItem role="menuitemradio" aria-checked={props.checked} onClick={props.onClick}>
      <ListItemIcon>{props.checked && <CheckIcon fontSize="small" />}</ListItemIcon>
      <ListItemText>{props.label}</ListItemText>
    </MenuItem>
  );
}

/** The list's order: by date, sender, subject or size, ascending or descending (Roundcube users expect it). */
export function ListSortMenu({ sort, onChange }: { sort: ListSort; onChange: (sort: ListSort) => void }) {
  const { t } = useTranslation('messages');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = t('sort.current', {
    field: t(`sort.fields.${sort.field}`),
    order: t(`sort.orders.${sort.order}`),
  });
  const choose = (next: ListSort) => {
    setAnchor(null);
    if (next.field !== sort.field || next.order !== sort.order) onChange(next);
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ width: { xs: 48, sm: 40 }, height: { xs: 48, sm: 40 } }}
        >
          <SortIcon />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('sort.label') } }}
      >
        {listSortFields.map((field) => (
          <Choice
            key={field}
            label={t(`sort.fields.${field}`)}
            checked={sort.field === field}
            onClick={() => choose({ ...sort, field })}
          />
        ))}
        <Divider />
        {sortOrders.map((order) => (
          <Choice
            key={order}
            label={t(`sort.orders.${order}`)}
            checked={sort.order === order}
            onClick={() => choose({ ...sort, order })}
          />
        ))}
      </Menu>
    </>
  );
}
