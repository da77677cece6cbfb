import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { spamActions, type Filter } from '@webmail/contracts';
import { useId, useState } from 'react';
import { reasonText } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { FolderSelect } from '../../mailboxes/components/folder-select';
import { useSaveFilter } from '../api/filters';
import {
  emptyFilterForm,
  filterToForm,
  formToInput,
  hasErrors,
  sizeSteps,
  textCriteria,
  validateFilterForm,
  type FilterForm,
  type SizeDirection,
  type SizeStep,
} from '../lib/filter-form';
import { AddressChipsInput } from './address-chips-input';

export interface FilterDialogProps {
  /** The filter edited, or null for a new one. */
  filter: Filter | null;
  onClose: () => void;
}

/**
 * The filter dialog (spec §5): the criteria, then the actions. Errors show once the user has tried to save; the
 * dialog stays open with everything typed when the server refuses.
 */
export function FilterDialog({ filter, onClose }: FilterDialogProps) {
  const userIndex = useUserIndex();
  const { t } = useTranslation('filters');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const save = useSaveFilter(userIndex);
  const [form, setForm] = useState<FilterForm>(() => (filter ? filterToForm(filter) : emptyFilterForm()));
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const can = { targets: filter?.metaData.canTargets ?? true, moveTo: filter?.metaData.canMoveTo ?? true };
  const errors = validateFilterForm(form);
  const shown = tried ? errors : {};
  const set = (patch: Partial<FilterForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = () => {
    setTried(true);
    if (hasErrors(errors)) return;
    setFailure(null);
    save.mutate(
      { id: filter?.id ?? null, body: formToInput(form, filter?.disabled ?? false, can) },
      {
        onSuccess: () => {
          snackbar.show({ type: 'success', message: t(filter ? 'updated' : 'saved') });
          onClose();
        },
        onError: (e) => setFailure(reasonText(e, tErrors) ?? t('saveFailed')),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t(filter ? 'editTitle' : 'newTitle')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={`${titleId}-form`}
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            label={t('name')}
            required
            value={form.name}
            onChange={(e) => set({ name: e.target.value })}
            error={Boolean(shown.name)}
            helperText={shown.name ? t(`errors.${shown.name}`, { field: t('name') }) : undefined}
          />
          <Typography variant="subtitle2" component="h3">
            {t('criteria')}
          </Typography>
          {textCriteria.map((key) => (
            <TextField
              key={key}
              label={t(`query.${key}`)}
              value={form.criteria[key]}
              onChange={(e) => set({ criteria: { ...form.criteria, [key]: e.target.value } })}
              error={Boolean(shown.criteria?.[key])}
              helperText={shown.criteria?.[key] ? t(`errors.${shown.criteria[key]}`) : undefined}
            />
          ))}
          <FormControlLabel
            control={<Checkbox checked={form.ha} onChange={(e) => set({ ha: e.target.checked })} />}
            label={t('query.ha')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              select
              label={t('size.direction')}
              value={form.sizeDirection}
              onChange={(e) => set({ sizeDirection: e.target.value as SizeDirection })}
              sx={{ minWidth: 160 }}
            >
              {(['off', 'larger', 'smaller'] as const).map((d) => (
                <MenuItem key={d} value={d}>
                  {t(`size.${d}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('size.value')}
              value={form.sizeValue}
              disabled={form.sizeDirection === 'off'}
              onChange={(e) => set({ sizeValue: e.target.value })}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              error={Boolean(shown.size)}
              helperText={shown.size ? t(`errors.${shown.size}`) : undefined}
              sx={{ flex: 1 }}
            />
            <TextField
              select
              label={t('size.step')}
              value={form.sizeStep}
              disabled={form.sizeDirection === 'off'}
              onChange={(e) => set({ sizeStep: e.target.value as SizeStep })}
              sx={{ minWidth: 96 }}
            >
              {Object.keys(sizeSteps).map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography variant="subtitle2" component="h3">
            {t('actions')}
          </Typography>
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
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('cancel')}
        </Button>
        <Button
          type="submit"
          form={`${titleId}-form`}
          variant="contained"
          disabled={save.isPending || (tried && hasErrors(errors))}
        >
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
