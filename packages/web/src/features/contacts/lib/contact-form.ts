import { isValidEmail, type Contact, type Group } from '@webmail/contracts';

export interface LabelledValue {
  value: string;
  label: string;
}

/** What the contact form edits. */
export interface ContactFormValues {
  fullName: string;
  emails: LabelledValue[];
  phones: LabelledValue[];
  organization: string;
  notes: string;
  addressBookId: string;
  groups: string[];
  /** A newly chosen image, sent as the file `avatar`. */
  avatar: File | null;
  /** The stored image is to be removed. */
  removeAvatar: boolean;
}

export function contactFormValues(
  contact: Contact | null,
  prefill: Partial<ContactFormValues> = {},
): ContactFormValues {
  return {
    fullName: contact?.fullName ?? '',
    emails: contact?.emails.map((e) => ({ ...e })) ?? [{ value: '', label: 'home' }],
    phones: contact?.phones.map((p) => ({ ...p })) ?? [],
    organization: contact?.organization ?? '',
    notes: contact?.notes ?? '',
    addressBookId: contact?.addressBookId ?? '',
    groups: contact?.groups ?? [],
    avatar: null,
    removeAvatar: false,
    ...prefill,
  };
}

/**
 * The form as the API takes it: multipart with nested fields (`emails[0][value]`, `groups[1]`) and the image
 * file `avatar`. Empty rows are left out; an empty list is sent as an empty field (a form has no other way to
 * say "none").
 */
export function contactFormData(values: ContactFormValues): FormData {
  const form = new FormData();
  form.set('fullName', values.fullName.trim());
  form.set('organization', values.organization.trim());
  form.set('notes', values.notes);
  if (values.addressBookId) form.set('addressBookId', values.addressBookId);
  appendList(
    form,
    'emails',
    values.emails.filter((e) => e.value.trim()),
  );
  appendList(
    form,
    'phones',
    values.phones.filter((p) => p.value.trim()),
  );
  if (values.groups.length === 0) form.set('groups', '');
  values.groups.forEach((id, i) => form.set(`groups[${i}]`, id));
  if (values.avatar) form.set('avatar', values.avatar, values.avatar.name);
  else if (values.removeAvatar) form.set('removeAvatar', 'true');
  return form;
}

function appendList(form: FormData, name: string, values: LabelledValue[]): void {
  if (values.length === 0) form.set(name, '');
  values.forEach((v, i) => {
    form.set(`${name}[${i}][value]`, v.value.trim());
    form.set(`${name}[${i}][label]`, v.label);
  });
}

export type ContactFormProblem = 'nameOrEmail' | 'invalidEmail';

/** The checks the form makes before sending (the server checks everything again). */
export function checkContactForm(values: ContactFormValues): Record<string, ContactFormProblem> {
  const problems: Record<string, ContactFormProblem> = {};
  const emails = values.emails.filter((e) => e.value.trim());
  if (!values.fullName.trim() && emails.length === 0) problems.fullName = 'nameOrEmail';
  values.emails.forEach((e, i) => {
    if (e.value.trim() && !isValidEmail(e.value.trim())) problems[`emails.${i}.value`] = 'invalidEmail';
  });
  return problems;
}

export interface GroupFormValues {
  name: string;
  description: string;
  members: string[];
  avatar: File | null;
  removeAvatar: boolean;
}

export function groupFormValues(group: Group | null, members: string[] = []): GroupFormValues {
  return {
    name: group?.name ?? '',
    description: group?.data.description ?? '',
    members: group?.members ?? members,
    avatar: null,
    removeAvatar: false,
  };
}

export function groupFormData(values: GroupFormValues): FormData {
  const form = new FormData();
  form.set('name', values.name.trim());
  form.set('description', values.description.trim());
  if (values.members.length === 0) form.set('members', '');
  values.members.forEach((id, i) => form.set(`members[${i}]`, id));
  if (values.avatar) form.set('avatar', values.avatar, values.avatar.name);
  else if (values.removeAvatar) form.set('removeAvatar', 'true');
  return form;
}

/** `Name <address>` for the composer's `?to=` (the bare address without a name). */
export const recipientText = (name: string, address: string) =>
  name ? `${name.replace(/[",;<>]/g, ' ').trim()} <${address}>` : address;

/** Whether a contact or group form differs from how it opened (a chosen image is a File: compared by identity). */
export function formChanged<T extends { avatar: File | null }>(values: T, initial: T): boolean {
  return (
    values.avatar !== initial.avatar ||
    JSON.stringify({ ...values, avatar: null }) !== JSON.stringify({ ...initial, avatar: null })
  );
}
