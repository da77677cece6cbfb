import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { inboxActionsOf, type Filter } from '@webmail/contracts';
import { useId, useState } from 'react';
import { reasonText } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { LeaveGuard } from '../../../shared/ui/leave-dialog';
import { fetchInboxMatches, useApplyToInbox, useSaveFilter } from '../api/filters';
import {
  criteriaErrors,
  formFromSeed,
  formToInput,
  hasAction,
  hasCriteria,
  hasErrors,
  validateFilterForm,
  type FilterForm,
  type FilterSeed,
} from '../lib/filter-form';
import { FilterActionFields, FilterNameField } from './filter-action-fields';
import { FilterCriteriaFields } from './filter-criteria-fields';

export interface CreateFilterDialogProps {
  userIndex: number;
  /** The criteria to start from (an advanced search's fields, a message's sender or List-Id). */
  seed: FilterSeed;
  onClose: () => void;
}

type Step = 'criteria' | 'actions' | { filter: Filter; count: number };

const can = { targets: true, moveTo: true };

/**
 * Creating a filter in two steps (the search dropdown's filter-creation mode): first the criteria, filled in
 * from where it started (Next is disabled until at least one is set), then the name and the actions (Save is
 * disabled while anything is wrong). "Also apply to the matching messages already in Inbox" asks the server how
 * many there are and, after the filter is saved, asks "Apply to 12 messages?" before doing it.
 */
export function CreateFilterDialog({ userIndex, seed, onClose }: CreateFilterDialogProps) {
  const { t } = useTranslation('filters');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const save = useSaveFilter(userIndex);
  const apply = useApplyToInbox(userIndex);
  const [initial] = useState<FilterForm>(() => formFromSeed(seed));
  const [form, setForm] = useState<FilterForm>(initial);
  const [step, setStep] = useState<Step>('criteria');
  const [nameTouched, setNameTouched] = useState(false);
  const [alsoInbox, setAlsoInbox] = useState(false);
  const [counting, setCounting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const errors = validateFilterForm(form);
  const set = (patch: Partial<FilterForm>) => setForm((f) => ({ ...f, ...patch }));
  const busy = save.isPending || apply.isPending || counting;
  const criteriaReady = hasCriteria(form) && !hasErrors(criteriaErrors(errors));
  const canSave = !hasErrors(errors) && hasAction(form, can);
  // "Name must not be empty" waits until the user has been in the field; every other problem shows at once.
  const shown = nameTouched || errors.name !== 'nameRequired' ? errors : { ...errors, name: undefined };
  const inboxSteps = inboxActionsOf(formToAction(form));
  const saved = typeof step === 'object';

  const close = () => {
    if (!busy) onClose();
  };

  const submit = () => {
    if (!canSave || busy) return;
    setFailure(null);
    save.mutate(
      { id: null, body: formToInput(form, false, can) },
      {
        onSuccess: async (filter) => {
          snackbar.show({ type: 'success', message: t('saved') });
          if (!alsoInbox || inboxSteps.length === 0) return onClose();
          setCounting(true);
          try {
            const { count } = await fetchInboxMatches(userIndex, filter.id);
            if (count === 0) {
              snackbar.show({ type: 'info', message: t('fromSearch.noneInInbox') });
              return onClose();
            }
            setStep({ filter, count });
          } catch (e) {
            setFailure(reasonText(e, tErrors) ?? t('fromSearch.applyFailed'));
            setStep({ filter, count: 0 });
          } finally {
            setCounting(false);
          }
        },
        onError: (e) => setFailure(reasonText(e, tErrors) ?? t('saveFailed')),
      },
    );
  };

  const applyToInbox = (filter: Filter) => {
    setFailure(null);
    apply.mutate(filter.id, {
      onSuccess: ({ handled }) => {
        snackbar.show({ type: 'success', message: t('fromSearch.applied', { count: handled }) });
        onClose();
      },
      onError: (e) => setFailure(reasonText(e, tErrors) ?? t('fromSearch.applyFailed')),
    });
  };

  const title = saved
    ? t('fromSearch.applyTitle')
    : t(step === 'criteria' ? 'fromSearch.step1' : 'fromSearch.step2');

  return (
    <>
      <LeaveGuard when={!saved && !busy && JSON.stringify(form) !== JSON.stringify(initial)} />
      <Dialog open onClose={close} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack
            component="form"
            id={`${titleId}-form`}
            noValidate
            spacing={2}
            sx={{ pt: 1 }}
            onSubmit={(event) => {
              event.preventDefault();
              if (step === 'criteria') {
                if (criteriaReady) setStep('actions');
              } else if (step === 'actions') submit();
            }}
          >
            {step === 'criteria' && (
              <>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('fromSearch.criteriaHelp')}
                </Typography>
                <FilterCriteriaFields form={form} set={set} shown={criteriaErrors(errors)} />
              </>
            )}
            {step === 'actions' && (
              <>
                <FilterNameField form={form} set={set} shown={shown} onBlur={() => setNameTouched(true)} />
                <Typography variant="subtitle2" component="h3">
                  {t('actions')}
                </Typography>
                <FilterActionFields form={form} set={set} shown={shown} can={can} />
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={alsoInbox && inboxSteps.length > 0}
                      disabled={inboxSteps.length === 0}
                      onChange={(e) => setAlsoInbox(e.target.checked)}
                    />
                  }
                  label={t('fromSearch.alsoInbox')}
                />
                {!hasAction(form, can) && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('fromSearch.chooseAction')}
                  </Typography>
                )}
              </>
            )}
            {saved && step.count > 0 && (
              <DialogContentText>{t('fromSearch.applyQuestion', { count: step.count })}</DialogContentText>
            )}
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          {saved ? (
            <>
              <Button onClick={onClose} disabled={busy}>
                {t('fromSearch.notNow')}
              </Button>
              {step.count > 0 && (
                <Button
                  variant="contained"
                  loading={apply.isPending}
                  onClick={() => applyToInbox(step.filter)}
                >
                  {t('fromSearch.apply', { count: step.count })}
                </Button>
              )}
            </>
          ) : (
            <>
              <Button onClick={close} disabled={busy}>
                {t('cancel')}
              </Button>
              {step === 'actions' && (
                <Button onClick={() => setStep('criteria')} disabled={busy}>
                  {t('fromSearch.back')}
                </Button>
              )}
              <Button
                type="submit"
                form={`${titleId}-form`}
                variant="contained"
                loading={busy}
                disabled={step === 'criteria' ? !criteriaReady : !canSave}
              >
                {step === 'criteria' ? t('fromSearch.next') : t('save')}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The form's actions in the contract's shape (for `inboxActionsOf`), without validating anything else. */
function formToAction(form: FilterForm) {
  return {
    seen: form.seen,
    flag: form.flag,
    delete: form.delete,
    spam: form.spam,
    mailbox: form.mailbox || null,
  };
}
