import type { Folder } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useDeleteFolder } from '../api/delete-folder';
import { folderDisplayName } from '../lib/folder-display-name';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';

export interface DeleteFolderDialogProps {
  userIndex: number;
  /** The folder to delete; null keeps the dialog closed. */
  folder: Folder | null;
  onClose: () => void;
}

/**
 * The delete confirmation. It says plainly that the messages go too: the server deletes the
 * folder with its messages and subfolders, and nothing can be restored. A failure closes it and shows the
 * request-failed snackbar with Retry.
 */
export function DeleteFolderDialog({ userIndex, folder, onClose }: DeleteFolderDialogProps) {
  const { t } = useTranslation('mailboxes');
  const snackbar = useSnackbar();
  const remove = useDeleteFolder(userIndex);
  const name = folder ? folderDisplayName(folder, t) : '';

  const confirm = () => {
    if (!folder) return;
    remove.mutate(folder.id, {
      onSuccess: () => snackbar.show({ type: 'success', message: t('delete.done', { name }) }),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmDialog
      open={folder !== null}
      title={t('delete.title', { name })}
      message={t(folder?.children.length ? 'delete.messageWithSubfolders' : 'delete.message')}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('delete.cancel')}
      destructive
      pending={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
