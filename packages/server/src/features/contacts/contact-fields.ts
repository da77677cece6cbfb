/** A labelled value (an e-mail address or a phone number); the label is a vCard TYPE or free text. */
export interface Labelled {
  value: string;
  label: string;
}

/** What the webmail edits of a contact; everything else of its vCard is kept as it came. */
export interface ContactFields {
  fullName: string;
  emails: Labelled[];
  phones: Labelled[];
  organization: string;
  notes: string;
}

export const emptyFields = (): ContactFields => ({
  fullName: '',
  emails: [],
  phones: [],
  organization: '',
  notes: '',
});

/** Lower-cased text a search matches: name, every e-mail address, organisation. */
export function searchTextOf(fields: ContactFields): string {
  return [fields.fullName, ...fields.emails.map((e) => e.value), fields.organization]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

/** The name a list sorts by: the full name, else the first e-mail address. */
export function sortNameOf(fields: Pick<ContactFields, 'fullName' | 'emails'>): string {
  return (fields.fullName || fields.emails[0]?.value || '').toLowerCase();
}

/**
 * `incoming` merged into `existing` (an import that found the contact by e-mail address or UID): addresses and
 * phones it lacks are added, empty fields are filled; nothing the user has is overwritten.
 */
export function mergeFields(
  existing: ContactFields,
  incoming: ContactFields,
  max: { emails: number; phones: number },
) {
  const emails = [...existing.emails];
  for (const e of incoming.emails) {
    if (!emails.some((x) => x.value.toLowerCase() === e.value.toLowerCase()) && emails.length < max.emails)
      emails.push(e);
  }
  const phones = [...existing.phones];
  for (const p of incoming.phones) {
    if (
      !phones.some((x) => x.value.replace(/\s/g, '') === p.value.replace(/\s/g, '')) &&
      phones.length < max.phones
    )
      phones.push(p);
  }
  return {
    fullName: existing.fullName || incoming.fullName,
    emails,
    phones,
    organization: existing.organization || incoming.organization,
    notes: existing.notes || incoming.notes,
  } satisfies ContactFields;
}
