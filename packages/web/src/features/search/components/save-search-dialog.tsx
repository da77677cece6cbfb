import { searchLimits } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { TextPromptDialog } from '../../../shared/ui/text-prompt-dialog';
import { useSaveSearch } from '../api/saved-searches';

export interface SaveSearchDialogProps {
  userIndex: number;
  query: string;
  onClose: () => void;
}

/** Names a search and saves it; it then shows under the folders. */
export function SaveSearchDialog({ userIndex, query, onClose }: SaveSearchDialogProps) {
  const { t } = useTranslation('search');
  const save = useSaveSearch(userIndex);
  return (
    <TextPromptDialog
      title={t('saved.dialogTitle')}
      label={t('saved.name')}
      initialValue={query.slice(0, searchLimits.savedSearchNameMax)}
      submitLabel={t('saved.save')}
      cancelLabel={t('saved.cancel')}
      onSubmit={(name) => save.mutate({ name, query }, { onSuccess: onClose })}
      onClose={onClose}
      required
      pending={save.isPending}
      htmlInput={{ maxLength: searchLimits.savedSearchNameMax }}
    />
  );
}
