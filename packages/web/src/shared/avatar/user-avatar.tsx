import CheckIcon from '@mui/icons-material/Check';
import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import type { ReactNode } from 'react';
import { avatarColor } from './avatar-color';
import { initials } from './initials';

export interface UserAvatarProps {
  name?: string | null;
  /** Used for the colour when the name is empty, so the same address keeps its colour. */
  address?: string | null;
  image?: string | null;
  /** Pixels; 48 by default. */
  size?: number;
  /** Selected in a list: a check mark stands in for everything else. */
  selected?: boolean;
  /** A custom icon (a group's), shown instead of the image and the initials. */
  icon?: ReactNode;
}

/**
 * An avatar: a check mark when selected, else the custom icon, else the image, else initials, else the default
 * person icon. Decorative: names sit beside it.
 */
export function UserAvatar({ name, address, image, size = 48, selected, icon }: UserAvatarProps) {
  const letters = initials(name);
  const seed = name || address || '';
  if (selected || icon) {
    return (
      <Avatar
        alt=""
        aria-hidden
        sx={{
          width: size,
          height: size,
          bgcolor: selected ? 'primary.main' : seed ? avatarColor(seed) : 'action.disabled',
          color: selected ? 'primary.contrastText' : '#fff',
          '& svg': { fontSize: size * 0.6 },
        }}
      >
        {selected ? <CheckIcon data-testid="avatar-check-icon" /> : icon}
      </Avatar>
    );
  }
  return (
    <Avatar
      src={image ?? undefined}
      alt=""
      aria-hidden
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        fontWeight: 500,
        bgcolor: image ? undefined : seed ? avatarColor(seed) : 'action.disabled',
        color: '#fff',
      }}
    >
      {letters || <PersonIcon data-testid="avatar-person-icon" sx={{ fontSize: size * 0.6 }} />}
    </Avatar>
  );
}
