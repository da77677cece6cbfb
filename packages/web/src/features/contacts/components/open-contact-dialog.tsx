import type { Contact, Group } from '@webmail/contracts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { useContact as useContactQuery } from '../api/get-contact';
import { useContactsMassAction } from '../api/contacts-mass-action';
import { useDeleteContact } from '../api/delete-contact';
import { useDeleteGroup } from '../api/delete-group';
import { useGroup as useGroupQuery } from '../api/get-group';
import type { ContactDialogs, OpenedDialog } from './contact-dialogs';
import { ContactDetailsDialog } from './contact-details-dialog';
import { ContactFormDialog } from './contact-form-dialog';
import { GroupDetailsDialog } from './group-details-dialog';
import { GroupFormDialog } from './group-form-dialog';
import { ImportDialog } from './import-dialog';

/** The open contacts dialog of `ContactDialogsProvider` (its own chunk: loaded when a dialog first opens). */
export function OpenContactDialog({
  userIndex,
  open,
  api,
  close,
}: {
  userIndex: number;
  open: OpenedDialog;
  api: ContactDialogs;
  close: () => void;
}) {
  switch (open.kind) {
    case 'contactForm':
      return (
        <ContactFormDialog
          userIndex={userIndex}
          contact={open.contact}
          prefill={open.prefill}
          onClose={close}
        />
      );
    case 'contactDetails':
      return <DetailsFor userIndex={userIndex} id={open.id} api={api} close={close} />;
    case 'contactDelete':
      return (
        <DeleteContacts userIndex={userIndex} contacts={open.contacts} onDone={open.onDone} close={close} />
      );
    case 'groupForm':
      return (
        <GroupFormDialog userIndex={userIndex} group={open.group} members={open.members} onClose={close} />
      );
    case 'groupDetails':
      return <GroupDetailsFor userIndex={userIndex} id={open.id} api={api} close={close} />;
    case 'groupDelete':
      return <DeleteGroup userIndex={userIndex} group={open.group} close={close} />;
    case 'import':
      return <ImportDialog userIndex={userIndex} onClose={close} />;
  }
}

/** A details dialog of the provider: what it shows and how it hands over to the form or the delete. */
interface DetailsProps {
  userIndex: number;
  id: string;
  api: ContactDialogs;
  close: () => void;
}

function DetailsFor({ userIndex, id, api, close }: DetailsProps) {
  const { data } = useContactQuery(userIndex, id);
  return (
    <ContactDetailsDialog
      userIndex={userIndex}
      id={id}
      onClose={close}
      onEdit={() => data && api.editContact(data)}
      onDelete={() => data && api.deleteContacts([data])}
    />
  );
}

function GroupDetailsFor({ userIndex, id, api, close }: DetailsProps) {
  const { data } = useGroupQuery(userIndex, id);
  return (
    <GroupDetailsDialog
      userIndex={userIndex}
      id={id}
      onClose={close}
      onEdit={() => data && api.editGroup(data)}
      onDelete={() => data && api.deleteGroup(data)}
      onShowContact={api.showContact}
    />
  );
}

function DeleteContacts(props: {
  userIndex: number;
  contacts: Array<Pick<Contact, 'id' | 'fullName' | 'emails'>>;
  onDone?: () => void;
  close: () => void;
}) {
  const { t } = useTranslation('contacts');
  const snackbar = useSnackbar();
  const one = useDeleteContact(props.userIndex);
  const many = useContactsMassAction(props.userIndex);
  const single = props.contacts.length === 1 ? props.contacts[0]! : null;
  const pending = one.isPending || many.isPending;
  const confirm = async () => {
    if (single) await one.mutateAsync(single.id);
    else await many.mutateAsync({ action: 'delete', ids: props.contacts.map((c) => c.id) });
    snackbar.show({ type: 'success', message: t('delete.done', { count: props.contacts.length }) });
    props.onDone?.();
    props.close();
  };
  return (
    <ConfirmDialog
      open
      title={t('delete.title', { count: props.contacts.length })}
      message={
        single
          ? t('delete.messageOne', { name: single.fullName || single.emails[0]?.value || '' })
          : t('delete.messageMany', { count: props.contacts.length })
      }
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('form.cancel')}
      destructive
      pending={pending}
      onConfirm={() => void confirm().catch(() => undefined)}
      onCancel={props.close}
    />
  );
}

function DeleteGroup({ userIndex, group, close }: { userIndex: number; group: Group; close: () => void }) {
  const { t } = useTranslation('contacts');
  const remove = useDeleteGroup(userIndex);
  return (
    <ConfirmDialog
      open
      title={t('groupDelete.title')}
      message={t('groupDelete.message', { name: group.name })}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('form.cancel')}
      destructive
      pending={remove.isPending}
      onConfirm={() => void remove.mutateAsync(group.id).then(close, () => undefined)}
      onCancel={close}
    />
  );
}
