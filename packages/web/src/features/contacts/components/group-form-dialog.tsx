import TextField from '@mui/material/TextField';
import { contactLimits, type Group } from '@webmail/contracts';
import { useState, type FormEvent } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { formErrorsOf } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useSaveGroup } from '../api/save-group';
import { groupFormData, formChanged, groupFormValues, type GroupFormValues } from '../lib/contact-form';
import { AvatarPicker } from './avatar-picker';
import { FormDialog } from './form-dialog';
import { GroupAvatar } from './contact-avatar';
import { GroupMembersField } from './group-members-field';

export interface GroupFormDialogProps {
  userIndex: number;
  group: Group | null;
  /** Members a new group starts with (contacts selected in the table). */
  members?: string[];
  onClose: () => void;
}

/** The group form: avatar, name, description, members (searched among the contacts). */
export function GroupFormDialog({ userIndex, group, members, onClose }: GroupFormDialogProps) {
  const { t } = useTranslation(['contacts', 'errors']);
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const save = useSaveGroup(userIndex);
  const [initial] = useState(() => groupFormValues(group, members));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (patch: Partial<GroupFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) {
      setErrors({ name: t('contacts:group.nameRequired') });
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: group?.id ?? null, form: groupFormData(values) });
      snackbar.show({ type: 'success', message: t('contacts:group.saved') });
      onClose();
    } catch (err) {
      if (!isApiRequestError(err)) throw err;
      const result = formErrorsOf(
        err,
        tErrors,
        ['name', 'description', 'members', 'avatar'],
        (texts) => texts[0],
      );
      setErrors(result.fields as Record<string, string>);
      setFormError(result.form);
    }
  };

  return (
    <FormDialog
      title={group ? t('contacts:group.titleEdit') : t('contacts:group.titleNew')}
      pending={save.isPending}
      formError={formError}
      onSubmit={submit}
      onClose={onClose}
      dirty={formChanged(values, initial)}
    >
      <AvatarPicker
        render={(preview) => (
          <GroupAvatar
            userIndex={userIndex}
            group={{
              id: group?.id ?? '',
              name: values.name,
              hasAvatar: !!group?.hasAvatar && !values.removeAvatar,
              etag: group?.etag ?? '',
            }}
            preview={preview}
          />
        )}
        file={values.avatar}
        hasStored={!!group?.hasAvatar}
        removed={values.removeAvatar}
        onChoose={(file) => set({ avatar: file, removeAvatar: false })}
        onRemove={() => set({ avatar: null, removeAvatar: true })}
        error={errors.avatar}
      />
      <TextField
        label={t('contacts:group.name')}
        value={values.name}
        onChange={(event) => set({ name: event.target.value })}
        error={!!errors.name}
        helperText={errors.name}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: contactLimits.groupNameMax } }}
      />
      <TextField
        label={t('contacts:group.description')}
        value={values.description}
        onChange={(event) => set({ description: event.target.value })}
        multiline
        minRows={2}
      />
      <GroupMembersField
        userIndex={userIndex}
        value={values.members}
        onChange={(ids) => set({ members: ids })}
        error={errors.members}
      />
    </FormDialog>
  );
}
