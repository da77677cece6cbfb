import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Chip from '@mui/material/Chip';
import { useTranslation } from '../../../shared/i18n/translation';
import { formatChip, type AddressChip } from '../lib/address-chips';

type ItemProps = {
  className: string;
  disabled: boolean;
  'data-item-index': number;
  tabIndex: -1;
  onDelete: (event: unknown) => void;
};

/**
 * One recipient as a chip: a valid one shows the name (the address in its title), an invalid one
 * is outlined in the error colour with an alert icon and opens for correction when clicked.
 */
export function AddressChipView({
  chip,
  itemProps,
  onEdit,
}: {
  chip: AddressChip;
  itemProps: ItemProps;
  onEdit: () => void;
}) {
  const { t } = useTranslation('compose');
  const text = formatChip(chip);
  return (
    <Chip
      {...itemProps}
      size="small"
      label={chip.name || chip.address}
      title={chip.valid ? text : t('chips.invalid', { address: text })}
      aria-label={chip.valid ? text : t('chips.invalid', { address: text })}
      color={chip.valid ? 'default' : 'error'}
      variant={chip.valid ? 'filled' : 'outlined'}
      icon={chip.valid ? undefined : <ErrorOutlineIcon />}
      onClick={chip.valid ? undefined : onEdit}
      data-invalid={chip.valid ? undefined : 'true'}
      sx={{ maxWidth: 280, height: { xs: 32, sm: 26 } }}
    />
  );
}
