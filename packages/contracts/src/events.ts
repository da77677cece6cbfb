import { z } from 'zod';
import { MessageSummary } from './messages.js';

/**
 * The whole catalogue of live events (the event stream), one discriminated union on `command`. The server
 * publishes them on its event bus after every change and sends each to the signed-in user's streams; the web
 * patches or invalidates exactly the queries an event touches. A command the web does not know is logged only.
 */
const command = <C extends string, S extends z.ZodRawShape>(name: C, shape: S) =>
  z.object({ command: z.literal(name), ...shape });

const id = { id: z.string() };
const mailboxId = { mailboxId: z.string() };

/** Mail: folder counters, new messages (with their list rows), expunged UIDs and flag changes. */
export const FolderCounter = z.object({
  mailboxId: z.string(),
  unseen: z.number().int(),
  total: z.number().int(),
});
export type FolderCounter = z.infer<typeof FolderCounter>;
export const FlagChange = z.object({
  uid: z.number().int(),
  seen: z.boolean(),
  flagged: z.boolean(),
  answered: z.boolean(),
});
export type FlagChange = z.infer<typeof FlagChange>;

const mailEvents = [
  command('COUNTERS', { counters: z.array(FolderCounter) }),
  command('EXISTS', { ...mailboxId, messages: z.array(MessageSummary) }),
  command('EXPUNGE', { ...mailboxId, uids: z.array(z.number().int()) }),
  command('FETCH', { ...mailboxId, changes: z.array(FlagChange) }),
] as const;

const securityEvents = [
  command('webauthnAdded', id),
  command('webauthnRemoved', id),
  command('applicationPasswordAdded', id),
  command('applicationPasswordRemoved', id),
] as const;

const accountEvents = [
  command('accountDetailsUpdated', {}),
  command('accountAttributesUpdated', {}),
  command('avatarUpdated', {}),
  /** A sign-out elsewhere: `deviceUser` and `device` come from this browser's other tabs or the server. */
  command('logout', { kind: z.enum(['user', 'deviceUser', 'device']) }),
] as const;

const contactEvents = [
  command('addressbookUpdated', id),
  command('addressbookDeleted', id),
  command('contactUpdated', id),
  command('contactDeleted', id),
  command('groupUpdated', id),
  command('groupDeleted', id),
] as const;

const folderEvents = [
  command('folderCreate', mailboxId),
  command('folderRename', mailboxId),
  command('folderDelete', mailboxId),
  command('folderUpdate', mailboxId),
  command('folderOrder', {}),
] as const;

const settingsEvents = [
  command('signatureUpdated', id),
  command('signatureDeleted', id),
  command('whitelistEmailUpdated', id),
  command('whitelistEmailDeleted', id),
  command('remoteContentWhitelist', {}),
] as const;

const filterEvents = [
  command('filterCreated', id),
  command('filterUpdated', id),
  command('filterDeleted', id),
  command('filterImported', { count: z.number().int() }),
  command('filterImportFailed', { failed: z.number().int() }),
  command('filterMoveToBottom', id),
] as const;

/** Send later: a scheduled message changed (scheduled, moved, cancelled) or left (`sent`/`failed`). */
const outboxEvents = [
  command('scheduledChanged', id),
  command('scheduledSent', { ...id, subject: z.string(), status: z.enum(['sent', 'failed']) }),
] as const;

const searchEvents = [
  command('recentSearchUpdated', id),
  command('recentSearchDeleted', id),
  command('savedSearchUpdated', id),
  command('savedSearchDeleted', id),
] as const;

/** Snoozed messages were snoozed, rescheduled or woke (the Snoozed view and the folders are read again). */
const snoozeEvents = [command('snoozedUpdated', {})] as const;

/**
 * The stream's own: `connected` opens a stream (its `id` is where a reconnect resumes, even before any other
 * event came), sent once the account's mail changes are reported (a mailbox watcher has its baseline), with the
 * folders' counts of that moment: a folder whose counts moved since the client read them changed before anything
 * was reported, and is read again; `resync` says events were missed that cannot be replayed (the stream was away longer than the
 * server keeps them): the client refetches everything it shows.
 */
const streamEvents = [
  command('connected', { counters: z.array(FolderCounter).optional() }),
  command('resync', {}),
  /**
   * Whether new mail reaches this stream as it arrives (the server's watch of the mailbox runs). Sent when it is
   * off at connect and at every change; while off the client refreshes the open folder every `pollSeconds`.
   */
  command('liveMail', { on: z.boolean(), pollSeconds: z.number().int().min(1) }),
  /** The server is going away (a restart): reconnect now, resuming after the last event, without a notice. */
  command('reconnect', {}),
] as const;

export const AppEvent = z.discriminatedUnion('command', [
  ...mailEvents,
  ...securityEvents,
  ...accountEvents,
  ...contactEvents,
  ...folderEvents,
  ...settingsEvents,
  ...filterEvents,
  ...searchEvents,
  ...outboxEvents,
  ...snoozeEvents,
  ...streamEvents,
]);
export type AppEvent = z.infer<typeof AppEvent>;
export type AppEventCommand = AppEvent['command'];
export type AppEventOf<C extends AppEventCommand> = Extract<AppEvent, { command: C }>;
export const appEventCommands = AppEvent.options.map((o) => o.shape.command.value) as AppEventCommand[];

/** `GET /u/{i}`: where the stream resumes (the `id` of the last event the client applied). */
export const EventStreamQuery = z.object({
  lastEventId: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/)
    .transform(Number)
    .optional(),
});

/** The stream's reconnect and batching rules. */
export const eventStreamLimits = {
  reconnectDelayMs: 5000,
  maxRetries: 5,
  batchDebounceMs: 500,
  batchMaxWaitMs: 5000,
  heartbeatMs: 25_000,
} as const;
