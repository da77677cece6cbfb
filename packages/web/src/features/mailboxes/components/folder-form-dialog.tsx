import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FolderCreateBody, FolderPatchBody, type Folder } from '@webmail/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useCreateFolder } from '../api/create-folder';
import { useMailboxTree } from '../api/get-mailbox-tree';
import { useUpdateFolder } from '../api/update-folder';
import { folderDisplayName } from '../lib/folder-display-name';
import {
  createBodyOf,
  fieldOfValue,
  folderFormErrorsFrom,
  initialFolderFormValues,
  isFormDirty,
  noFolderFormErrors,
  patchBodyOf,
  validateFolderBody,
  type FolderFormValues,
} from '../lib/folder-form';
import { parentIdOf } from '../lib/folder-tree';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { FolderFormFields } from './folder-form-fields';
import { layoutSizes } from '../../../shared/ui/layout-sizes';
import { LeaveGuard } from '../../../shared/ui/leave-dialog';

export interface FolderFormDialogProps {
  userIndex: number;
  /** The folder to edit; null creates a new one. */
  folder: Folder | null;
  onClose: () => void;
}

/**
 * The folder form: create (POST) or edit (PATCH with the changed fields only). The
 * contract's schema checks the body before it is sent; the server's 422 messages appear under their fields.
 * Closing a changed form asks first (the before-leaving confirmation). Render it only while it is open: it
 * takes its starting values when it mounts.
 */
export function FolderFormDialog({ userIndex, folder, onClose }: FolderFormDialogProps) {
  const { t } = useTranslation('mailboxes');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const folders = useMailboxTree(userIndex).data ?? [];
  const [initial] = useState(() =>
    initialFolderFormValues(folder, folder ? parentIdOf(folders, folder.id) : null),
  );
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState(noFolderFormErrors);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const create = useCreateFolder(userIndex);
  const update = useUpdateFolder(userIndex, { errorSnackbar: false });
  const pending = create.isPending || update.isPending;
  const dirty = isFormDirty(initial, values);

  const change = (patch: Partial<FolderFormValues>) => {
    setValues((previous) => ({ ...previous, ...patch }));
    // A field's error goes once the user changes it; the others stay until the next save.
    setErrors((previous) => {
      const fields = { ...previous.fields };
      for (const key of Object.keys(patch) as (keyof FolderFormValues)[]) delete fields[fieldOfValue[key]];
      return { fields, form: previous.form };
    });
  };

  const requestClose = () => {
    if (pending) return;
    if (dirty) setConfirmLeave(true);
    else onClose();
  };

  const succeeded = (saved: Folder) => {
    const name = folderDisplayName(saved, t);
    snackbar.show({ type: 'success', message: t(folder ? 'form.saved' : 'form.created', { name }) });
    onClose();
  };
  const failed = (error: unknown) => setErrors(folderFormErrorsFrom(error, tErrors));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (folder) {
      if (!dirty) return onClose();
      const body = patchBodyOf(folder, initial, values);
      const fields = validateFolderBody(FolderPatchBody, body, t);
      if (Object.keys(fields).length > 0) return setErrors({ fields, form: null });
      update.mutate({ id: folder.id, body }, { onSuccess: succeeded, onError: failed });
    } else {
      const body = createBodyOf(values);
      const fields = validateFolderBody(FolderCreateBody, body, t);
      if (Object.keys(fields).length > 0) return setErrors({ fields, form: null });
      create.mutate(body, { onSuccess: succeeded, onError: failed });
    }
  };

  return (
    <>
      <LeaveGuard when={dirty && !pending} />
      <Dialog
        open
        onClose={requestClose}
        slotProps={{ paper: { sx: { width: '100%', maxWidth: layoutSizes.folderDialogMaxWidth, m: 2 } } }}
      >
        <Box component="form" noValidate onSubmit={submit}>
          <DialogTitle>{t(folder ? 'form.titleEdit' : 'form.titleCreate')}</DialogTitle>
          <DialogContent>
            {errors.form && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errors.form}
              </Alert>
            )}
            <FolderFormFields
              values={values}
              errors={errors.fields}
              onChange={change}
              folders={folders}
              folder={folder}
              disabled={pending}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={requestClose} disabled={pending}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={pending}>
              {t(folder ? 'form.save' : 'form.create')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <ConfirmDialog
        open={confirmLeave}
        title={t('form.leave.title')}
        message={t('form.leave.message')}
        confirmLabel={t('form.leave.confirm')}
        cancelLabel={t('form.leave.cancel')}
        destructive
        onConfirm={onClose}
        onCancel={() => setConfirmLeave(false)}
      />
    </>
  );
}
