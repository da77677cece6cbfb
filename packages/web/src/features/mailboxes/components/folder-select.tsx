import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useMailboxTree } from '../api/get-mailbox-tree';
import { folderDisplayName } from '../lib/folder-display-name';
import { parentOptions } from '../lib/folder-tree';

export interface FolderSelectProps {
  label: string;
  /** The chosen folder id; '' is the `emptyLabel` choice. */
  value: string;
  onChange: (id: string) => void;
  /** The first choice, standing for no folder. */
  emptyLabel: string;
  /** Leave the inbox out (it is what `emptyLabel` means). */
  withoutInbox?: boolean;
}

/** A folder picker: the visible folders in sidebar order, subfolders indented, system folders in words. */
export function FolderSelect({ label, value, onChange, emptyLabel, withoutInbox }: FolderSelectProps) {
  const { t } = useTranslation('mailboxes');
  const folders = useMailboxTree(useUserIndex()).data ?? [];
  return (
    <TextField select label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <MenuItem value="">{emptyLabel}</MenuItem>
      {parentOptions(folders, null)
        .filter(({ folder }) => !(withoutInbox && folder.specialUse === 'inbox'))
        .map(({ folder, depth }) => (
          <MenuItem key={folder.id} value={folder.id} sx={{ pl: 2 + depth * 2 }}>
            {folderDisplayName(folder, t)}
          </MenuItem>
        ))}
    </TextField>
  );
}
