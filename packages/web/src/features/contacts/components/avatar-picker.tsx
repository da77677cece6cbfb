import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
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
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const showsImage = !!file || (hasStored && !removed);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      {render(preview)}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {/* A real button that opens the hidden file input: a <label> may not take the button role. */}
        <Button size="small" variant="outlined" onClick={() => input.current?.click()}>
          {t('form.avatar.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onChoose(chosen);
            event.target.value = '';
          }}
        />
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
