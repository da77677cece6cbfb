import { z } from 'zod';
import { singleLine } from './text-fields.js';
import { UserIndex } from './auth.js';
import { decimalParam } from './common.js';
import { isValidEmail } from './compose.js';

/**
 * Contacts: address books (a default "Personal" one made on first use), contacts with several labelled e-mail
 * addresses, phones, organisation and notes, and groups of contacts. Each contact is kept as a vCard 4 with a
 * stable UID and a revision (ETag), so a CardDAV endpoint can serve them without changing the data.
 */
export const contactLimits = {
  fullNameMax: 256,
  labelMax: 64,
  emailsMax: 20,
  phonesMax: 20,
  phoneMax: 64,
  organizationMax: 256,
  notesMax: 10_000,
  addressBookNameMax: 100,
  groupNameMax: 100,
  groupDescriptionMax: 1000,
  /** Members one group call may name; also the most contacts one mass action touches. */
  idsMax: 10_000,
  listLimitDefault: 100,
  listLimitMax: 500,
  suggestionsDefault: 10,
  suggestionsMax: 50,
  /** A search query longer than this finds nothing (as the recent-party search). */
  queryMax: 255,
  /** Avatars are stored at most this many pixels wide and high. */
  avatarPixels: 256,
  /** The contacts panel's open/closed state is saved this long after the last toggle. */
  panelToggleDebounceMs: 1000,
} as const;

/** Ids of contacts, groups and address books: opaque, made by the server. */
export const ContactsId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an id');

const label = z.string().trim().max(contactLimits.labelMax).default('');

export const ContactEmail = z
  .object({
    value: z
      .string()
      .trim()
      .max(256, 'An e-mail address can be at most 256 characters')
      .refine(isValidEmail, { message: 'Invalid email format', params: { code: 'invalidEmail' } }),
    label,
  })
  .strict();
export type ContactEmail = z.infer<typeof ContactEmail>;

export const ContactPhone = z
  .object({ value: z.string().trim().min(1).max(contactLimits.phoneMax), label })
  .strict();
export type ContactPhone = z.infer<typeof ContactPhone>;

/** Usual labels of e-mails and phones (vCard TYPE); any other text is kept as it is. */
export const contactLabels = ['home', 'work', 'other', 'mobile'] as const;

export const Contact = z.object({
  id: z.string(),
  addressBookId: z.string(),
  /** vCard UID: stable for the contact's life, the same in every export. */
  uid: z.string(),
  fullName: z.string(),
  emails: z.array(z.object({ value: z.string(), label: z.string() })),
  phones: z.array(z.object({ value: z.string(), label: z.string() })),
  organization: z.string(),
  notes: z.string(),
  /** Ids of the groups the contact is a member of. */
  groups: z.array(z.string()),
  hasAvatar: z.boolean(),
  /** Grows by one with every change; the ETag is derived from it. */
  revision: z.number().int(),
  etag: z.string(),
  updatedAt: z.number().int(),
});
export type Contact = z.infer<typeof Contact>;

/**
 * A contact as the form sends it (multipart, nested fields such as `emails[0][value]`, and the file `avatar`).
 * A name or at least one e-mail address is needed.
 */
export const ContactInput = z
  .object({
    addressBookId: ContactsId.optional(),
    fullName: singleLine(z.string().trim().max(contactLimits.fullNameMax)).default(''),
    emails: z.array(ContactEmail).max(contactLimits.emailsMax).default([]),
    phones: z.array(ContactPhone).max(contactLimits.phonesMax).default([]),
    organization: singleLine(z.string().trim().max(contactLimits.organizationMax)).default(''),
    notes: z.string().max(contactLimits.notesMax).default(''),
    groups: z.array(ContactsId).max(1000).default([]),
    /** `true`: the stored avatar is removed (a new file replaces it anyway). */
    removeAvatar: z.enum(['true', 'false']).optional(),
  })
  .strict()
  .refine((c) => c.fullName.length > 0 || c.emails.length > 0, {
    message: 'A contact needs a name or an e-mail address',
    path: ['fullName'],
    params: { code: 'contactNameOrEmail' },
  });
export type ContactInput = z.input<typeof ContactInput>;

/** A change: only the fields sent are changed (the same rules, nothing required). */
export const ContactPatch = z
  .object({
    addressBookId: ContactsId.optional(),
    fullName: singleLine(z.string().trim().max(contactLimits.fullNameMax)).optional(),
    emails: z.array(ContactEmail).max(contactLimits.emailsMax).optional(),
    phones: z.array(ContactPhone).max(contactLimits.phonesMax).optional(),
    organization: singleLine(z.string().trim().max(contactLimits.organizationMax)).optional(),
    notes: z.string().max(contactLimits.notesMax).optional(),
    groups: z.array(ContactsId).max(1000).optional(),
    removeAvatar: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type ContactPatch = z.input<typeof ContactPatch>;

export const AddressBook = z.object({
  id: z.string(),
  name: z.string(),
  /** The "Personal" book made on first use: new contacts go here unless another is named. */
  isDefault: z.boolean(),
  count: z.number().int(),
});
export type AddressBook = z.infer<typeof AddressBook>;

export const AddressBookInput = z
  .object({ name: z.string().trim().min(1).max(contactLimits.addressBookNameMax) })
  .strict();
export type AddressBookInput = z.input<typeof AddressBookInput>;

export const Group = z.object({
  id: z.string(),
  name: z.string(),
  /** What else the group holds: its description. */
  data: z.object({ description: z.string() }),
  /** Members (contacts). */
  count: z.number().int(),
  members: z.array(z.string()),
  hasAvatar: z.boolean(),
  revision: z.number().int(),
  etag: z.string(),
});
export type Group = z.infer<typeof Group>;

/** A group as its form sends it (multipart: `name`, `description`, `members[0]`…, the file `avatar`). */
export const GroupInput = z
  .object({
    name: z.string().trim().min(1).max(contactLimits.groupNameMax),
    description: z.string().trim().max(contactLimits.groupDescriptionMax).default(''),
    members: z.array(ContactsId).max(contactLimits.idsMax).default([]),
    removeAvatar: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type GroupInput = z.input<typeof GroupInput>;

export const GroupPatch = z
  .object({
    name: z.string().trim().min(1).max(contactLimits.groupNameMax).optional(),
    description: z.string().trim().max(contactLimits.groupDescriptionMax).optional(),
    members: z.array(ContactsId).max(contactLimits.idsMax).optional(),
    removeAvatar: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type GroupPatch = z.input<typeof GroupPatch>;

export const ContactsParams = z.object({ userIndex: UserIndex });
export const ContactParams = z.object({ userIndex: UserIndex, id: ContactsId });

const searchQuery = z.string().max(10_000).default('');
const offset = decimalParam(0, 1_000_000).default(0);

export const ContactListQuery = z
  .object({
    query: searchQuery,
    addressBookId: ContactsId.optional(),
    groupId: ContactsId.optional(),
    offset,
    limit: decimalParam(1, contactLimits.listLimitMax).default(contactLimits.listLimitDefault),
  })
  .strict();
export type ContactListQuery = z.input<typeof ContactListQuery>;

/** A page of contacts (sorted by name), and how many match in all. */
export const ContactListResponse = z.object({
  contacts: z.array(Contact),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type ContactListResponse = z.infer<typeof ContactListResponse>;

export const GroupListQuery = z
  .object({
    query: searchQuery,
    offset,
    limit: decimalParam(1, contactLimits.listLimitMax).default(contactLimits.listLimitDefault),
  })
  .strict();
export const GroupListResponse = z.object({
  groups: z.array(Group),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type GroupListResponse = z.infer<typeof GroupListResponse>;

export const AddressBookListResponse = z.object({ addressBooks: z.array(AddressBook) });

/** Recipient autocomplete from the address books: contacts (one per e-mail address) and groups. */
export const ContactSuggestionsQuery = z
  .object({
    query: searchQuery,
    limit: decimalParam(1, contactLimits.suggestionsMax).default(contactLimits.suggestionsDefault),
  })
  .strict();
export const GroupMemberAddress = z.object({ name: z.string(), address: z.string() });
export const ContactSuggestion = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('contact'),
    id: z.string(),
    contactId: z.string(),
    name: z.string(),
    address: z.string(),
    hasAvatar: z.boolean(),
    /** The contact's ETag: the avatar's version in its URL. */
    etag: z.string(),
  }),
  z.object({
    kind: z.literal('group'),
    id: z.string(),
    groupId: z.string(),
    name: z.string(),
    hasAvatar: z.boolean(),
    etag: z.string(),
    /** Every member's first e-mail address (members without one are left out). */
    members: z.array(GroupMemberAddress),
  }),
]);
export type ContactSuggestion = z.infer<typeof ContactSuggestion>;
export const ContactSuggestionsResponse = z.object({ suggestions: z.array(ContactSuggestion) });

/** Several contacts at once: delete, move to another address book, add to (or remove from) a group. */
export const ContactMassAction = z.discriminatedUnion('action', [
  z
    .object({ action: z.literal('delete'), ids: z.array(ContactsId).min(1).max(contactLimits.idsMax) })
    .strict(),
  z
    .object({
      action: z.literal('move'),
      ids: z.array(ContactsId).min(1).max(contactLimits.idsMax),
      addressBookId: ContactsId,
    })
    .strict(),
  z
    .object({
      action: z.enum(['addToGroup', 'removeFromGroup']),
      ids: z.array(ContactsId).min(1).max(contactLimits.idsMax),
      groupId: ContactsId,
    })
    .strict(),
]);
export type ContactMassAction = z.input<typeof ContactMassAction>;
export const ContactMassActionResult = z.object({ handled: z.number().int() });

/** `v`: the avatar's version (the contact's ETag), so a changed image has a new URL and caches may keep each. */
export const AvatarQuery = z.object({ v: z.string().max(64).optional() }).strict();
