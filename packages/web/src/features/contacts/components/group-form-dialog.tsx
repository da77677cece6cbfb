import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { contactLimits, type Contact, type Group } from '@webmail/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { formErrorsOf } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useContactList } from '../api/get-contacts';
import { useSaveGroup } from '../api/save-group';
import { groupFormData, formChanged, groupFormValues, type GroupFormValues } from '../lib/contact-form';
import { AvatarPicker } from './avatar-picker';
import { FormDialog } from './form-dialog';
import { ContactAvatar, GroupAvatar } from './contact-avatar';

export interface GroupFormDialogProps {
  userIndex: number;
  group: Group | null;
  /** Members a new group starts with (contacts selected in the table). */
  members?: string[];
  onClose: () => void;
}

const contactLabel = (c: Pick<Contact, 'fullName' | 'emails'>) => c.fullName || c.emails[0]?.value || '';

/** The group form: avatar, name, description, members (searched among the contacts). */
export function GroupFormDialog({ userIndex, group, members, onClose }: GroupFormDialogProps) {
  const { t } = useTranslation(['contacts', 'errors']);
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const save = useSaveGroup(userIndex);
  const [initial] = useState(() => groupFormValues(group, members));
  const [values, setValues] = useState(initial);
  const [search, setSearch] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const found = useContactList(userIndex, { query: search });
  // Every contact ever shown here, so chosen members keep their names while the search changes.
  const [known, setKnown] = useState(new Map<string, Contact>());
  const options = useMemo(() => found.data?.pages.flatMap((p) => p.contacts) ?? [], [found.data]);
  const byId = useMemo(() => {
    const map = new Map(known);
    for (const c of options) map.set(c.id, c);
    return map;
  }, [known, options]);
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
      <Autocomplete
        multiple
        filterOptions={(x) => x}
        options={options.map((c) => c.id)}
        value={values.members}
        loading={found.isFetching}
        inputValue={search}
        onInputChange={(_event, value, reason) => reason !== 'reset' && setSearch(value)}
        getOptionLabel={(id) =>
          byId.get(id) ? contactLabel(byId.get(id)!) : t('contacts:group.unknownMember')
        }
        onChange={(_event, ids) => {
          setKnown(byId);
          set({ members: ids });
        }}
        renderOption={(props, id) => {
          const { key, ...rest } = props as typeof props & { key: string };
          const contact = byId.get(id);
          return (
            <li key={key} {...rest} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
              {contact && <ContactAvatar userIndex={userIndex} contact={contact} size={32} />}
              <span>{contact ? contactLabel(contact) : id}</span>
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('contacts:group.members')}
            error={!!errors.members}
            helperText={errors.members}
          />
        )}
      />
    </FormDialog>
  );
}
