import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/translation';
import type { CreateFilterForm } from '../hooks/use-create-filter-form';
import { newFilterCan } from '../lib/filter-form';
import { FilterActionFields, FilterNameField } from './filter-action-fields';

/**
 * The create-filter dialog's second step: the name (its "must not be empty" waits for the user to leave the
 * field), the actions, "Also apply to the matching messages already in Inbox" (disabled while the actions have no
 * Inbox counterpart, e.g. forwarding only) and, until an action is chosen, a line asking for one.
 */
export function CreateFilterActionsStep({ draft }: { draft: CreateFilterForm }) {
  const { t } = useTranslation('filters');
  const { form, set, shown, inboxActions } = draft;
  return (
    <>
      <FilterNameField form={form} set={set} shown={shown} onBlur={draft.touchName} />
      <Typography variant="subtitle2" component="h3">
        {t('actions')}
      </Typography>
      <FilterActionFields form={form} set={set} shown={shown} can={newFilterCan} />
      <FormControlLabel
        control={
          <Checkbox
            checked={draft.alsoInbox && inboxActions.length > 0}
            disabled={inboxActions.length === 0}
            onChange={(e) => draft.setAlsoInbox(e.target.checked)}
          />
        }
        label={t('fromSearch.alsoInbox')}
      />
      {!draft.hasAction && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('fromSearch.chooseAction')}
        </Typography>
      )}
    </>
  );
}
