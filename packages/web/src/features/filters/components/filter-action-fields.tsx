import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { spamActions } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { FolderSelect } from '../../mailboxes/components/folder-select';
import type { FilterForm } from '../lib/filter-form';
import { AddressChipsInput } from './address-chips-input';
import type { FilterFieldsProps } from './filter-criteria-fields';

/** The name field (required; its error shows as the dialogs decide). */
export function FilterNameField({ form, set, shown, onBlur }: FilterFieldsProps & { onBlur?: () => void }) {
  const { t } = useTranslation('filters');
  return (
    <TextField
      label={t('name')}
      required
      value={form.name}
      onChange={(e) => set({ name: e.target.value })}
      onBlur={onBlur}
      error={Boolean(shown.name)}
      helperText={shown.name ? t(`errors.${shown.name}`, { field: t('name') }) : undefined}
    />
  );
}

/**
 * The filter's actions: target folder, read / star / delete, spam, forwarding addresses as chips;
 * `can.moveTo` / `can.targets` false hide the folder and the forward action.
 */
export function FilterActionFields({
  form,
  set,
  shown,
  can,
}: FilterFieldsProps & { can: { targets: boolean; moveTo: boolean } }) {
  const { t } = useTranslation('filters');
  return (
    <>
      {can.moveTo && (
        <FolderSelect
          label={t('action.mailbox')}
          value={form.mailbox}
          onChange={(mailbox) => set({ mailbox })}
          emptyLabel={t('action.stayInInbox')}
          withoutInbox
        />
      )}
      <Stack>
        {(['seen', 'flag', 'delete'] as const).map((key) => (
          <FormControlLabel
            key={key}
            control={<Checkbox checked={form[key]} onChange={(e) => set({ [key]: e.target.checked })} />}
            label={t(`action.${key}`)}
          />
        ))}
      </Stack>
      <TextField
        select
        label={t('action.spam')}
        value={form.spam}
        onChange={(e) => set({ spam: e.target.value as FilterForm['spam'] })}
      >
        {spamActions.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`spam.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      {can.targets && (
        <AddressChipsInput
          label={t('action.targets')}
          chips={form.targets}
          onChange={(targets) => set({ targets })}
          error={Boolean(shown.targets)}
          helperText={shown.targets ? t(`errors.${shown.targets}`) : t('action.targetsHelp')}
        />
      )}
    </>
  );
}
