import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import { avatarColor } from './avatar-color';
import { initials } from './initials';

export interface UserAvatarProps {
  name?: string | null;
  /** Used for the colour when the name is empty, so the same address keeps its colour. */
  address?: string | null;
  image?: string | null;
  /** Pixels; 48 by default. */
  size?: number;
}

/** An avatar: image, else initials, else the default person icon. Decorative: names sit beside it. */
export function UserAvatar({ name, address, image, size = 48 }: UserAvatarProps) {
  const letters = initials(name);
  const seed = name || address || '';
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
