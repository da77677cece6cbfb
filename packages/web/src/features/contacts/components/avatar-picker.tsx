import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';

export interface AvatarPickerProps {
  /** The avatar as it would show (given the preview URL of a chosen file, or null). */
  render: (preview: string | null) => ReactNode;
  file: File | null;
  hasStored: boolean;
  removed: boolean;
  onChoose: (file: File) => void;
  onRemove: () => void;
  error?: string;
}

/** The avatar of a form: a single image file chosen, previewed, or the stored one removed. */
export function AvatarPicker({
  render,
  file,
  hasStored,
  removed,
  onChoose,
  onRemove,
  error,
}: AvatarPickerProps) {
  const { t } = useTranslation('contacts');
  const inputId = useId();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const showsImage = !!file || (hasStored && !removed);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      {render(preview)}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button component="label" htmlFor={inputId} size="small" variant="outlined">
          {t('form.avatar.choose')}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            hidden
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (chosen) onChoose(chosen);
              event.target.value = '';
            }}
          />
        </Button>
        {showsImage && (
          <Button size="small" onClick={onRemove}>
            {t('form.avatar.remove')}
          </Button>
        )}
        {error && (
          <Box role="alert" sx={{ color: 'error.main', typography: 'caption', flexBasis: '100%' }}>
            {error}
          </Box>
        )}
      </Box>
    </Box>
  );
}
