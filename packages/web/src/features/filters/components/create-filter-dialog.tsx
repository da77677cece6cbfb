import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { LeaveGuard } from '../../../shared/ui/leave-dialog';
import { useCreateFilterForm } from '../hooks/use-create-filter-form';
import { useCreateFilterSteps } from '../hooks/use-create-filter-steps';
import type { FilterSeed } from '../lib/filter-form';
import { CreateFilterActionsStep } from './create-filter-actions-step';
import { FilterCriteriaFields } from './filter-criteria-fields';

export interface CreateFilterDialogProps {
  userIndex: number;
  /** The criteria to start from (an advanced search's fields, a message's sender or List-Id). */
  seed: FilterSeed;
  onClose: () => void;
}

/**
 * Creating a filter in two steps (the search dropdown's filter-creation mode): first the criteria, filled in
 * from where it started (Next is disabled until at least one is set), then the name and the actions (Save is
 * disabled while anything is wrong). "Also apply to the matching messages already in Inbox" asks the server how
 * many there are and, after the filter is saved, asks "Apply to 12 messages?" before doing it. The form and its
 * rules are `useCreateFilterForm`, the steps and their requests `useCreateFilterSteps`, the second step's fields
 * `CreateFilterActionsStep`.
 */
export function CreateFilterDialog({ userIndex, seed, onClose }: CreateFilterDialogProps) {
  const { t } = useTranslation('filters');
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const draft = useCreateFilterForm(seed);
  const steps = useCreateFilterSteps(userIndex, onClose);
  const { step, setStep, busy, failure } = steps;
  const titleId = useId();
  const { form, criteriaReady, canSave } = draft;
  const saved = typeof step === 'object';

  const close = () => {
    if (!busy) onClose();
  };

  const submit = () => {
    if (!canSave || busy) return;
    steps.saveNew(form, draft.alsoInbox && draft.inboxActions.length > 0);
  };

  const title = saved
    ? t('fromSearch.applyTitle')
    : t(step === 'criteria' ? 'fromSearch.step1' : 'fromSearch.step2');

  return (
    <>
      <LeaveGuard when={!saved && !busy && draft.changed} />
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
                <FilterCriteriaFields form={form} set={draft.set} shown={draft.criteriaShown} />
              </>
            )}
            {step === 'actions' && <CreateFilterActionsStep draft={draft} />}
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
                  loading={steps.applying}
                  onClick={() => steps.applyToInbox(step.filter)}
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
