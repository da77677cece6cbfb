import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Filter } from '@webmail/contracts';
import { useId, useState } from 'react';
import { reasonText } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { LeaveGuard } from '../../../shared/ui/leave-dialog';
import { useSaveFilter } from '../api/filters';
import {
  emptyFilterForm,
  filterToForm,
  formToInput,
  hasErrors,
  validateFilterForm,
  type FilterForm,
} from '../lib/filter-form';
import { FilterActionFields, FilterNameField } from './filter-action-fields';
import { FilterCriteriaFields } from './filter-criteria-fields';

export interface FilterDialogProps {
  /** The filter edited, or null for a new one. */
  filter: Filter | null;
  onClose: () => void;
}

/**
 * The filter dialog: the criteria, then the actions. Errors show once the user has tried to save; the
 * dialog stays open with everything typed when the server refuses.
 */
export function FilterDialog({ filter, onClose }: FilterDialogProps) {
  const userIndex = useUserIndex();
  const { t } = useTranslation('filters');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const save = useSaveFilter(userIndex);
  const [initial] = useState<FilterForm>(() => (filter ? filterToForm(filter) : emptyFilterForm()));
  const [form, setForm] = useState<FilterForm>(initial);
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
    <>
      <LeaveGuard when={!save.isPending && JSON.stringify(form) !== JSON.stringify(initial)} />
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
            <FilterNameField form={form} set={set} shown={shown} />
            <Typography variant="subtitle2" component="h3">
              {t('criteria')}
            </Typography>
            <FilterCriteriaFields form={form} set={set} shown={shown} />
            <Typography variant="subtitle2" component="h3">
              {t('actions')}
            </Typography>
            <FilterActionFields form={form} set={set} shown={shown} can={can} />
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
    </>
  );
}
