import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { folderNameMaxLength, type Folder } from '@webmail/contracts';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { folderDisplayName } from '../lib/folder-display-name';
import { retentionChoices, type FolderFieldErrors, type FolderFormValues } from '../lib/folder-form';
import { parentOptions } from '../lib/folder-tree';

export interface FolderFormFieldsProps {
  values: FolderFormValues;
  errors: FolderFieldErrors;
  onChange: (patch: Partial<FolderFormValues>) => void;
  /** The whole tree, for the parent choices. */
  folders: readonly Folder[];
  /** The edited folder; null while creating. */
  folder: Folder | null;
  disabled: boolean;
}

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;
// Native <option>s cannot hold markup: non-breaking spaces show the tree depth.
const indent = (depth: number) => '\u00a0\u00a0\u00a0'.repeat(depth);

/**
 * The folder form's fields. A system folder keeps its name and place: those fields are shown
 * disabled, and only automatic deletion can change.
 */
export function FolderFormFields({
  values,
  errors,
  onChange,
  folders,
  folder,
  disabled,
}: FolderFormFieldsProps) {
  const { t } = useTranslation('mailboxes');
  const system = folder !== null && (folder.systemFolder || folder.specialUse !== null);
  const hiddenHelpId = useId();
  const hiddenErrorId = useId();

  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <TextField
        label={t('form.name')}
        value={system && folder ? folderDisplayName(folder, t) : values.name}
        onChange={(event) => onChange({ name: event.target.value })}
        required={!system}
        disabled={system || disabled}
        error={!!errors.name}
        helperText={errors.name}
        autoFocus={!system}
        fullWidth
        slotProps={{ htmlInput: { maxLength: folderNameMaxLength } }}
      />
      <TextField
        select
        label={t('form.parent')}
        value={values.parent}
        onChange={(event) => onChange({ parent: event.target.value })}
        disabled={system || disabled}
        error={!!errors.parent}
        helperText={errors.parent}
        fullWidth
        slotProps={nativeSelect}
      >
        <option value="">{t('form.topLevel')}</option>
        {parentOptions(folders, folder?.id ?? null).map(({ folder: option, depth }) => (
          <option key={option.id} value={option.id}>
            {indent(depth) + folderDisplayName(option, t)}
          </option>
        ))}
      </TextField>
      <div>
        <FormControlLabel
          control={
            <Switch
              checked={values.autoDelete}
              onChange={(event) => onChange({ autoDelete: event.target.checked })}
              disabled={disabled}
            />
          }
          label={t('form.autoDelete')}
        />
        {values.autoDelete && (
          <TextField
            select
            label={t('form.retention')}
            value={String(values.retentionDays)}
            onChange={(event) => onChange({ retentionDays: Number(event.target.value) })}
            disabled={disabled}
            error={!!errors.retention}
            helperText={errors.retention ?? t('form.retentionHelp')}
            fullWidth
            sx={{ mt: 1.5 }}
            slotProps={nativeSelect}
          >
            {retentionChoices(values.retentionDays).map((days) => (
              <option key={days} value={days}>
                {t('form.days', { count: days })}
              </option>
            ))}
          </TextField>
        )}
        {!values.autoDelete && errors.retention && <FormHelperText error>{errors.retention}</FormHelperText>}
      </div>
      <div>
        <FormControlLabel
          control={
            <Switch
              checked={values.hidden}
              onChange={(event) => onChange({ hidden: event.target.checked })}
              disabled={system || disabled}
              slotProps={{
                input: { 'aria-describedby': errors.hidden ? hiddenErrorId : hiddenHelpId },
              }}
            />
          }
          label={t('form.hidden')}
        />
        <FormHelperText id={hiddenHelpId} sx={{ mt: 0 }}>
          {t('form.hiddenHelp')}
        </FormHelperText>
        {errors.hidden && (
          <FormHelperText id={hiddenErrorId} error>
            {errors.hidden}
          </FormHelperText>
        )}
      </div>
    </Stack>
  );
}
