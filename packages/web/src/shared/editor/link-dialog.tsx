import Button from '@mui/material/Button';
import { useTranslation } from '../i18n/translation';
import { TextPromptDialog } from '../ui/text-prompt-dialog';

/** Asks for a link's address; an empty one removes the link. Rendered only while open (fresh state). */
export function LinkDialog({
  initialUrl,
  onApply,
  onClose,
}: {
  initialUrl: string;
  onApply: (url: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('editor');
  return (
    <TextPromptDialog
      title={t('link.title')}
      label={t('link.url')}
      initialValue={initialUrl}
      submitLabel={t('link.apply')}
      cancelLabel={t('link.cancel')}
      onSubmit={onApply}
      onClose={onClose}
      placeholder="https://"
      htmlInput={{ inputMode: 'url', autoComplete: 'url' }}
      extraAction={initialUrl ? <Button onClick={() => onApply('')}>{t('link.remove')}</Button> : undefined}
    />
  );
}
