import TextField from '@mui/material/TextField';
import { contactLimits, type Contact } from '@webmail/contracts';
import { useState, type FormEvent } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { formErrorsOf } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useAddressBooks } from '../api/get-address-books';
import { useSaveContact } from '../api/save-contact';
import {
  checkContactForm,
  contactFormData,
  contactFormValues,
  formChanged,
  type ContactFormValues,
} from '../lib/contact-form';
import { FormDialog } from './form-dialog';
import { ContactAvatarField } from './contact-avatar-field';
import { LabelledValuesField } from './labelled-values-field';
import { ContactFilingFields } from './contact-filing-fields';

export interface ContactFormDialogProps {
  userIndex: number;
  /** The contact to change, or null for a new one. */
  contact: Contact | null;
  prefill?: Partial<ContactFormValues>;
  onClose: () => void;
  onSaved?: (contact: Contact) => void;
}

/** The contact form: avatar, name, e-mail addresses and phones with labels, organisation, notes, book, groups. */
export function ContactFormDialog({ userIndex, contact, prefill, onClose, onSaved }: ContactFormDialogProps) {
  const { t } = useTranslation(['contacts', 'errors', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const books = useAddressBooks(userIndex).data ?? [];
  const save = useSaveContact(userIndex);
  const [initial] = useState(() => contactFormValues(contact, prefill));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (patch: Partial<ContactFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const bookId = values.addressBookId || books.find((b) => b.isDefault)?.id || '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = checkContactForm(values);
    if (Object.keys(problems).length > 0) {
      setErrors(
        Object.fromEntries(
          Object.entries(problems).map(([field, problem]) => [field, t(`contacts:form.errors.${problem}`)]),
        ),
      );
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      const saved = await save.mutateAsync({
        id: contact?.id ?? null,
        form: contactFormData({ ...values, addressBookId: bookId }),
      });
      snackbar.show({ type: 'success', message: t('contacts:form.saved') });
      onSaved?.(saved);
      onClose();
    } catch (err) {
      if (!isApiRequestError(err)) throw err;
      const fields = ['fullName', 'organization', 'notes', 'avatar', 'addressBookId', 'groups'] as const;
      const emailFields = values.emails.map((_, i) => `emails.${i}.value`);
      const result = formErrorsOf(err, tErrors, [...fields, ...emailFields], (texts) => texts[0]);
      setErrors(result.fields as Record<string, string>);
      setFormError(result.form);
    }
  };

  const emailErrors = Object.fromEntries(
    values.emails.flatMap((_, i) => (errors[`emails.${i}.value`] ? [[i, errors[`emails.${i}.value`]!]] : [])),
  );

  return (
    <FormDialog
      title={contact ? t('contacts:form.titleEdit') : t('contacts:form.titleNew')}
      pending={save.isPending}
      formError={formError}
      onSubmit={submit}
      onClose={onClose}
      dirty={formChanged(values, initial)}
    >
      <ContactAvatarField
        userIndex={userIndex}
        contact={contact}
        values={values}
        onChange={set}
        error={errors.avatar}
      />
      <TextField
        label={t('contacts:form.fullName')}
        value={values.fullName}
        onChange={(event) => set({ fullName: event.target.value })}
        error={!!errors.fullName}
        helperText={errors.fullName}
        autoFocus
        slotProps={{ htmlInput: { maxLength: contactLimits.fullNameMax } }}
      />
      <LabelledValuesField
        kind="emails"
        values={values.emails}
        onChange={(emails) => set({ emails })}
        errors={emailErrors}
        max={contactLimits.emailsMax}
      />
      <LabelledValuesField
        kind="phones"
        values={values.phones}
        onChange={(phones) => set({ phones })}
        errors={{}}
        max={contactLimits.phonesMax}
      />
      <TextField
        label={t('contacts:form.organization')}
        value={values.organization}
        onChange={(event) => set({ organization: event.target.value })}
        error={!!errors.organization}
        helperText={errors.organization}
      />
      <TextField
        label={t('contacts:form.notes')}
        value={values.notes}
        onChange={(event) => set({ notes: event.target.value })}
        multiline
        minRows={2}
        error={!!errors.notes}
        helperText={errors.notes}
      />
      <ContactFilingFields
        userIndex={userIndex}
        books={books}
        bookId={bookId}
        onBookChange={(addressBookId) => set({ addressBookId })}
        groupIds={values.groups}
        onGroupsChange={(ids) => set({ groups: ids })}
      />
    </FormDialog>
  );
}
