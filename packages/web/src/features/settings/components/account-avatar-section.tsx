import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { avatarLimits } from '@webmail/contracts';
import { useRef, useState, type ChangeEvent } from 'react';
import { fieldErrorTexts, reasonText } from '../../../shared/api/error-text';
import { UserAvatar } from '../../../shared/avatar/user-avatar';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useAccounts } from '../../accounts/api/get-accounts';
import { useRemoveAvatar, useUploadAvatar } from '../api/account-avatar';

/**
 * The profile picture: one PNG, JPEG or WebP image (cropped square and resized by the server). The choice shows at
 * once; a refused one gives the previous picture back with the reason.
 */
export function AccountAvatarSection({
  userIndex,
  name,
  address,
}: {
  userIndex: number;
  name: string;
  address: string;
}) {
  const { t } = useTranslation('settings');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const image = useAccounts().data?.find((a) => a.uid === userIndex)?.avatar ?? null;
  const upload = useUploadAvatar(userIndex);
  const remove = useRemoveAvatar(userIndex);
  const [error, setError] = useState<string | null>(null);

  const failed = (e: unknown) =>
    setError(fieldErrorTexts(e, tErrors).avatar?.[0] ?? reasonText(e, tErrors) ?? t('avatar.failed'));

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Checked here too, so a wrong file is refused before it is sent (the server checks the bytes again).
    if (!(avatarLimits.types as readonly string[]).includes(file.type))
      return setError(tErrors('fields.avatarTypeNotAllowed'));
    if (file.size > avatarLimits.maxBytes)
      return setError(tErrors('fields.avatarTooLarge', { max: avatarLimits.maxBytes }));
    setError(null);
    upload.mutate(file, {
      onSuccess: () => snackbar.show({ type: 'success', message: t('avatar.saved') }),
      onError: failed,
    });
  };

  return (
    <Box>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('avatar.title')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box data-testid="account-avatar">
          <UserAvatar name={name} address={address} image={image} size={96} />
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => input.current?.click()} loading={upload.isPending}>
              {image ? t('avatar.change') : t('avatar.upload')}
            </Button>
            {image && (
              <Button
                color="error"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => snackbar.show({ type: 'success', message: t('avatar.removed') }),
                    onError: failed,
                  })
                }
              >
                {t('avatar.remove')}
              </Button>
            )}
          </Box>
          <Typography
            variant="body2"
            role={error ? 'alert' : undefined}
            sx={{ color: error ? 'error.main' : 'text.secondary' }}
          >
            {error ?? t('avatar.help', { size: avatarLimits.pixels })}
          </Typography>
        </Box>
        <input
          ref={input}
          type="file"
          hidden
          accept={avatarLimits.types.join(',')}
          aria-label={t('avatar.fileLabel')}
          onChange={choose}
        />
      </Box>
    </Box>
  );
}
