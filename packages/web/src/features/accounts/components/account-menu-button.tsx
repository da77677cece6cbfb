import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { MouseEvent } from 'react';
import { UserAvatar } from '../../../shared/avatar/user-avatar';
import { useTranslation } from '../../../shared/i18n/translation';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { Tooltip } from '../../../shared/ui/tooltip';

export interface AccountMenuButtonProps {
  name: string;
  email: string;
  avatar: string | null | undefined;
  /** The menu's element id while it is open. */
  controls: string | undefined;
  onOpen: (event: MouseEvent<HTMLElement>) => void;
}

/** The account menu's button: the user's avatar, with name and address in its tooltip. */
export function AccountMenuButton({ name, email, avatar, controls, onOpen }: AccountMenuButtonProps) {
  const { t } = useTranslation('accounts');
  return (
    <Tooltip
      title={name ? `${name}\n${email}` : t('menu.open')}
      // The tooltip describes the button; as a label it would replace the name the hidden text gives.
      describeChild
      slotProps={{ tooltip: { sx: { whiteSpace: 'pre-line' } } }}
    >
      {/* Named by hidden text, not aria-label: the visible initials are no part of the name (axe
          label-content-name-mismatch applies to aria-label only). */}
      <IconButton
        aria-haspopup="menu"
        aria-controls={controls}
        aria-expanded={controls ? 'true' : undefined}
        onClick={onOpen}
        sx={{ p: 0.5 }}
      >
        <UserAvatar name={name} address={email} image={avatar} size={36} />
        <Box component="span" sx={visuallyHidden}>
          {t('menu.openFor', { name: name || email })}
        </Box>
      </IconButton>
    </Tooltip>
  );
}
