import GroupsIcon from '@mui/icons-material/Groups';
import type { Contact, Group } from '@webmail/contracts';
import { UserAvatar } from '../../../shared/avatar/user-avatar';
import { contactAvatarUrl, groupAvatarUrl } from '../api/avatar-urls';

export interface ContactAvatarProps {
  userIndex: number;
  contact: Pick<Contact, 'id' | 'fullName' | 'hasAvatar' | 'etag'> & { emails: Array<{ value: string }> };
  selected?: boolean;
  size?: number;
  /** A new image chosen in a form, shown before it is saved. */
  preview?: string | null;
}

/** A contact's avatar by the display rules: check when selected, image, initials, default icon. */
export function ContactAvatar({ userIndex, contact, selected, size = 48, preview }: ContactAvatarProps) {
  const image =
    preview ??
    (contact.hasAvatar && contact.id ? contactAvatarUrl(userIndex, contact.id, contact.etag) : null);
  return (
    <UserAvatar
      name={contact.fullName}
      address={contact.emails[0]?.value}
      image={image}
      size={size}
      selected={selected}
    />
  );
}

export interface GroupAvatarProps {
  userIndex: number;
  group: Pick<Group, 'id' | 'name' | 'hasAvatar' | 'etag'>;
  selected?: boolean;
  size?: number;
  preview?: string | null;
}

/** A group's avatar: check when selected, its image, else the group icon. */
export function GroupAvatar({ userIndex, group, selected, size = 48, preview }: GroupAvatarProps) {
  const image =
    preview ?? (group.hasAvatar && group.id ? groupAvatarUrl(userIndex, group.id, group.etag) : null);
  return (
    <UserAvatar
      name={group.name}
      image={image}
      size={size}
      selected={selected}
      icon={image ? undefined : <GroupsIcon />}
    />
  );
}
