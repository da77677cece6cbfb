import { z } from 'zod';
import { UserIndex } from './auth.js';
import { ContactsId } from './contacts.js';

/**
 * Contacts in and out of the address books: an import from a vCard or a Google/Outlook CSV file, with a report of
 * what was merged or skipped and why, and the export as vCard or CSV.
 */
/** `auto` looks at the file: a vCard, or a CSV whose header row is Google's or Outlook's. */
export const contactImportTypes = ['auto', 'vcard', 'google', 'outlook'] as const;
export const ContactImportType = z.enum(contactImportTypes);
export type ContactImportType = z.infer<typeof ContactImportType>;

/** The form fields of an import (multipart, with the file `contactImport`). */
export const ContactImportFields = z
  .object({
    addressBookId: ContactsId.optional(),
    type: ContactImportType.default('auto'),
    /** The file's name as the user chose it (the report names it). */
    userImportName: z.string().max(255).optional(),
  })
  .strict();

export const contactImportProblems = [
  'malformedCard',
  'noNameOrEmail',
  'invalidEmail',
  'tooManyValues',
  'valueTooLong',
  'duplicateInFile',
  'limitReached',
  'invalidPhoto',
] as const;
export const ContactImportProblem = z.object({
  /** The line of the file where the card or row begins (1-based). */
  line: z.number().int(),
  reason: z.enum(contactImportProblems),
  message: z.string(),
});
export type ContactImportProblem = z.infer<typeof ContactImportProblem>;

/** What an import did: new contacts, contacts merged into existing ones by e-mail address, and skipped entries. */
export const ContactImportResult = z.object({
  addressBookId: z.string(),
  format: z.enum(['vcard', 'google', 'outlook']),
  imported: z.number().int(),
  merged: z.number().int(),
  skipped: z.number().int(),
  /** One per skipped entry (or value left out), with the line it begins on. */
  problems: z.array(ContactImportProblem),
});
export type ContactImportResult = z.infer<typeof ContactImportResult>;

export const contactExportFormats = ['vcf', 'csv'] as const;
export const ContactExportParams = z.object({
  userIndex: UserIndex,
  format: z.enum(contactExportFormats),
});
export const ContactExportQuery = z.object({ addressBookId: ContactsId.optional() }).strict();
