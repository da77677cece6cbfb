import CheckIcon from '@mui/icons-material/Check';
import Avatar from '@mui/material/Avatar';
import ButtonBase from '@mui/material/ButtonBase';
import type { MouseEvent } from 'react';
import { UserAvatar } from '../../../shared/avatar/user-avatar';

export interface SelectableAvatarProps {
  selected: boolean;
  name: string | null | undefined;
  address: string | null | undefined;
  size: number;
  /** Accessible name of the checkbox ("Select …"). */
  label: string;
  /** In the tab order (only the focused row's controls are: roving focus). */
  tabbable: boolean;
  onToggle: (event: MouseEvent) => void;
}

/**
 * The row's checkbox is its avatar (a check icon when selected, else the sender's image,
 * initials or the person icon). The hit area is 48 px on phones.
 */
export function SelectableAvatar({
  selected,
  name,
  address,
  size,
  label,
  tabbable,
  onToggle,
}: SelectableAvatarProps) {
  return (
    <ButtonBase
      role="checkbox"
      aria-checked={selected}
      aria-label={label}
      tabIndex={tabbable ? 0 : -1}
      onClick={onToggle}
      sx={{
        flexShrink: 0,
        width: { xs: Math.max(48, size + 8), sm: size + 8 },
        height: { xs: 48, sm: size + 8 },
        borderRadius: '50%',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      {selected ? (
        <Avatar
          aria-hidden
          sx={{ width: size, height: size, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          <CheckIcon data-testid="avatar-check-icon" sx={{ fontSize: size * 0.6 }} />
        </Avatar>
      ) : (
        <UserAvatar name={name} address={address} size={size} />
      )}
    </ButtonBase>
  );
}
