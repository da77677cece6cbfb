import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DraftsOutlinedIcon from '@mui/icons-material/DraftsOutlined';
import FolderOffOutlinedIcon from '@mui/icons-material/FolderOffOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import ReportGmailerrorredOutlinedIcon from '@mui/icons-material/ReportGmailerrorredOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import SnoozeOutlinedIcon from '@mui/icons-material/SnoozeOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { Folder, SpecialUse } from '@webmail/contracts';
import type { ComponentType } from 'react';

const specialUseIcons: Record<SpecialUse, ComponentType<SvgIconProps>> = {
  inbox: InboxOutlinedIcon,
  drafts: DraftsOutlinedIcon,
  sent: SendOutlinedIcon,
  archive: ArchiveOutlinedIcon,
  junk: ReportGmailerrorredOutlinedIcon,
  trash: DeleteOutlinedIcon,
  snoozed: SnoozeOutlinedIcon,
};

/** Each folder shows an icon by its special use; custom folders a folder, hidden ones a crossed folder. */
export function FolderIcon({ folder, ...props }: { folder: Folder } & SvgIconProps) {
  const Icon = folder.specialUse
    ? specialUseIcons[folder.specialUse]
    : folder.hidden
      ? FolderOffOutlinedIcon
      : FolderOutlinedIcon;
  return <Icon fontSize="small" {...props} />;
}
