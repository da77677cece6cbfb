import { z } from 'zod';

/**
 * `ApiError.reason`: the precise cause of an error, per feature, where a client acts on it or shows a specific
 * text (`errors:reasons.<reason>` in every locale). The HTTP-level `code` stays the general kind.
 */
export const errorReasons = {
  system: [
    'xsrfMismatch',
    'rateLimited',
    'mailServerUnavailable',
    'mailServerError',
    'mailboxFull',
    'internal',
  ],
  auth: ['wrongCredentials', 'accountLocked', 'tooManyAccounts', 'sessionExpired', 'notSignedIn'],
  mailboxes: ['folderNotFound', 'folderNotSelectable', 'systemFolderDelete', 'foldersDisabled'],
  messages: [
    'messageNotFound',
    'attachmentNotFound',
    'threadNotFound',
    'noMessagesSelected',
    'archiveFolderNotSet',
    'trashFolderNotSet',
    'junkFolderNotSet',
    'deleteOnlyInTrashOrJunk',
    'searchNotAvailable',
  ],
  compose: [
    'draftNotFound',
    'draftsFolderNotSet',
    'sentFolderNotSet',
    'uploadNotFound',
    'outboxEntryNotFound',
    'sendLaterUnavailable',
  ],
  imageProxy: ['imageLinkInvalid', 'addressNotAllowed', 'hostNotResolved', 'notAnImage', 'imageFetchFailed'],
  settings: [
    'senderNotFound',
    'outgoingAddressNotFound',
    'outgoingAddressLimit',
    'outgoingAddressExists',
    'verificationMailFailed',
    'avatarNotFound',
  ],
  search: [
    'searchInvalid',
    'searchFolderUnknown',
    'recentSearchNotFound',
    'savedSearchNotFound',
    'savedSearchLimit',
  ],
  signatures: ['signaturesDisabled', 'signatureNotFound', 'signatureLimit'],
  security: [
    'secondFactorRequired',
    'signInExpired',
    'wrongCode',
    'codeAlreadyUsed',
    'reauthenticationRequired',
    'wrongPassword',
    'totpNotSetUp',
    'passkeyNotFound',
    'passkeyRejected',
    'applicationPasswordNotFound',
    'applicationPasswordsUnsupported',
    'tooManyApplicationPasswords',
    'passwordChangeUnsupported',
    'passwordChangeFailed',
    'sessionNotFound',
  ],
  contacts: [
    'contactsDisabled',
    'contactNotFound',
    'addressBookNotFound',
    'groupNotFound',
    'defaultAddressBookDelete',
    'contactLimitReached',
  ],
  unsubscribe: ['unsubscribeNotAvailable', 'unsubscribeAddressNotAllowed', 'unsubscribeFailed'],
  filters: [
    'filtersDisabled',
    'targetsDisabled',
    'autoreplyDisabled',
    'filterNotFound',
    'filterLimit',
    'sieveScriptRejected',
    'sieveExtensionMissing',
    'filtersImportInvalid',
  ],
  snooze: ['snoozedNotFound', 'snoozeUnavailable', 'snoozeFromSnoozed'],
} as const;

export type ErrorReasonFeature = keyof typeof errorReasons;
export const allErrorReasons = Object.values(errorReasons).flat() as Array<
  (typeof errorReasons)[ErrorReasonFeature][number]
>;
export const ErrorReason = z.enum(allErrorReasons as [ErrorReason, ...ErrorReason[]]);
export type ErrorReason = (typeof errorReasons)[ErrorReasonFeature][number];
