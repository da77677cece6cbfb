import { z } from 'zod';
import { multiLine, singleLine } from './text-fields.js';
import { UserIndex } from './auth.js';
import { EmailAddress } from './common.js';

/**
 * Mail filters, forwarding targets, auto-reply and the spam level (the filter with its query and action, the
 * auto-reply, and the user details `targets` and `spamLevel`). The server compiles all four into one Sieve script;
 * what each does is written in the repository's `docs/filters.md`.
 */
export const filterLimits = {
  /** Filters per account. */
  max: 100,
  nameMaxLength: 100,
  /** A text criterion (from, to, subject, listId, text). */
  queryMaxLength: 256,
  /** Forwarding addresses of one filter. */
  targetsPerFilter: 10,
  /** Forwarding targets of the account. */
  targets: 20,
  /** Largest absolute size criterion: 2 GiB. */
  sizeMaxBytes: 2 * 1024 * 1024 * 1024,
  /** The Gmail XML import file. */
  importMaxBytes: 5 * 1024 * 1024,
} as const;

export const spamActions = ['nothing', 'spam', 'notspam'] as const;
export const SpamAction = z.enum(spamActions);
export type SpamAction = z.infer<typeof SpamAction>;

const criterion = singleLine(
  z
    .string()
    .max(
      filterLimits.queryMaxLength,
      `A filter criterion can be at most ${filterLimits.queryMaxLength} characters`,
    ),
)
  .nullable()
  .optional();

/**
 * Filter query: every criterion that is set must match. Text criteria are case-insensitive substrings (`text` is
 * words, `OR` and `"phrases"`); `ha: true` needs an attachment; `size` is signed bytes (+N: at least N, −N: at
 * most N; 0 or null: any size).
 */
export const FilterQuery = z
  .object({
    from: criterion,
    to: criterion,
    subject: criterion,
    listId: criterion,
    text: criterion,
    ha: z.boolean().optional(),
    size: z
      .number({ message: 'Only numbers' })
      .int('Only whole bytes')
      .min(-filterLimits.sizeMaxBytes, 'The size is too large')
      .max(filterLimits.sizeMaxBytes, 'The size is too large')
      .nullable()
      .optional(),
  })
  .strict();
export type FilterQuery = z.infer<typeof FilterQuery>;

/** Filter action: for each key the first matching filter that sets it wins; only `targets` add up. */
export const FilterAction = z
  .object({
    seen: z.boolean().optional(),
    flag: z.boolean().optional(),
    delete: z.boolean().optional(),
    spam: SpamAction.optional(),
    /** Target folder id (the folder list's `id`); null: stays in Inbox. */
    mailbox: singleLine(z.string().max(64)).nullable().optional(),
    targets: z
      .array(EmailAddress)
      .max(
        filterLimits.targetsPerFilter,
        `A filter can forward to at most ${filterLimits.targetsPerFilter} addresses`,
      )
      .optional(),
  })
  .strict();
export type FilterAction = z.infer<typeof FilterAction>;

export const FilterMetaData = z.object({ canTargets: z.boolean(), canMoveTo: z.boolean() });
export type FilterMetaData = z.infer<typeof FilterMetaData>;

export const Filter = z
  .object({
    id: z.string(),
    name: z.string(),
    disabled: z.boolean(),
    /** ISO 8601. */
    created: z.string(),
    query: FilterQuery,
    action: FilterAction,
    metaData: FilterMetaData,
  })
  .meta({ id: 'Filter' });
export type Filter = z.infer<typeof Filter>;

/** The active Sieve script: ours, none, or one another client wrote (never replaced without the user's yes). */
export const SieveScriptState = z.object({
  state: z.enum(['ours', 'none', 'foreign']),
  /** The name of the active script, when there is one. */
  activeName: z.string().nullable(),
});
export type SieveScriptState = z.infer<typeof SieveScriptState>;

/** `filters` is null when the plan switches filters off. */
export const FiltersResponse = z.object({
  filters: z.array(Filter).nullable(),
  script: SieveScriptState,
});
export type FiltersResponse = z.infer<typeof FiltersResponse>;

const name = singleLine(
  z
    .string({ message: 'Must not be empty' })
    .trim()
    .min(1, 'Must not be empty')
    .max(filterLimits.nameMaxLength, `A filter name can be at most ${filterLimits.nameMaxLength} characters`),
);

export const FilterInput = z
  .object({
    name,
    query: FilterQuery,
    action: FilterAction,
    disabled: z.boolean().default(false),
  })
  .strict();
export type FilterInput = z.input<typeof FilterInput>;

/** PATCH: the full body, or only `{disabled}`. */
export const FilterPatch = z.union([FilterInput, z.object({ disabled: z.boolean() }).strict()]);
export type FilterPatch = z.input<typeof FilterPatch>;

export const FilterParams = z.object({ userIndex: UserIndex, id: z.string().min(1).max(64) });

export const FilterIds = z
  .object({ ids: z.array(z.string().min(1).max(64)).min(1).max(filterLimits.max) })
  .strict();
export type FilterIds = z.infer<typeof FilterIds>;

export const FiltersMassToggle = z
  .object({ disabled: z.boolean(), ids: z.array(z.string().min(1).max(64)).max(filterLimits.max).optional() })
  .strict();
export type FiltersMassToggle = z.infer<typeof FiltersMassToggle>;

/** Replace another client's active script: it stays on the server under its own (or a new) name. */
export const SieveTakeOver = z.object({ replace: z.literal(true) }).strict();

/** One import entry that was left out or imported without some of its properties. */
export const FilterImportProblem = z.object({
  /** 1-based entry number in the file. */
  entry: z.number().int(),
  name: z.string(),
  /** The properties that were not imported (unknown or unsupported), or the reason the entry was skipped. */
  properties: z.array(z.string()),
  skipped: z.boolean(),
});
export type FilterImportProblem = z.infer<typeof FilterImportProblem>;

export const FiltersImportResult = z.object({
  imported: z.number().int(),
  problems: z.array(FilterImportProblem),
});
export type FiltersImportResult = z.infer<typeof FiltersImportResult>;

/**
 * What a filter does to mail already in Inbox ("also apply to the matching messages already in Inbox"), as the
 * folder mass actions that stand for its actions, in the order they run: flags first, then at most one move
 * (delete → Trash, spam → Junk, else the target folder; the same precedence as the compiled script). Forwarding
 * and `notspam` have no counterpart for stored mail.
 */
export function inboxActionsOf(
  action: FilterAction,
): Array<{ action: 'seen' | 'flagged' | 'trash' | 'spam' | 'move'; moveToTarget?: string }> {
  const steps: ReturnType<typeof inboxActionsOf> = [];
  if (action.seen) steps.push({ action: 'seen' });
  if (action.flag) steps.push({ action: 'flagged' });
  if (action.delete) steps.push({ action: 'trash' });
  else if (action.spam === 'spam') steps.push({ action: 'spam' });
  else if (action.mailbox) steps.push({ action: 'move', moveToTarget: action.mailbox });
  return steps;
}

/** How many Inbox messages a filter matches now. */
export const FilterInboxMatches = z.object({ count: z.number().int() });
export type FilterInboxMatches = z.infer<typeof FilterInboxMatches>;

/** The filter's actions applied to the Inbox messages it matches: how many matched, and how many were changed. */
export const FilterAppliedToInbox = z.object({ total: z.number().int(), handled: z.number().int() });
export type FilterAppliedToInbox = z.infer<typeof FilterAppliedToInbox>;

/** Forwarding targets of the account: valid addresses only, at most `filterLimits.targets`. */
export const ForwardingTargets = z
  .object({
    targets: z
      .array(EmailAddress)
      .max(filterLimits.targets, `At most ${filterLimits.targets} forwarding addresses`),
  })
  .strict();
export type ForwardingTargets = z.infer<typeof ForwardingTargets>;

export const autoreplyLimits = { subjectMaxLength: 900, textMaxLength: 100_000 } as const;

/** Auto-reply (docs/filters.md): answers while on and inside [start, end], once per sender per 4 hours. */
export const Autoreply = z
  .object({
    status: z.boolean(),
    name: singleLine(z.string().max(256)),
    subject: singleLine(z.string().max(autoreplyLimits.subjectMaxLength)),
    text: multiLine(z.string().max(autoreplyLimits.textMaxLength)),
    html: multiLine(z.string().max(autoreplyLimits.textMaxLength * 4)),
    /** ISO 8601 instants; null: no bound. */
    start: z.iso.datetime({ offset: true }).nullable(),
    end: z.iso.datetime({ offset: true }).nullable(),
  })
  .strict()
  .refine((v) => !v.start || !v.end || Date.parse(v.start) < Date.parse(v.end), {
    message: 'The end must be after the start',
    path: ['end'],
  })
  .meta({ id: 'Autoreply' });
export type Autoreply = z.infer<typeof Autoreply>;
/** The auto-reply of an account that never saved one: off, empty, unbounded. */
export const noAutoreply: Autoreply = {
  status: false,
  name: '',
  subject: '',
  text: '',
  html: '',
  start: null,
  end: null,
};

/** Spam level 0–100 (lower is stricter; default 50). */
export const SpamLevel = z.object({ spamLevel: z.number().int().min(0).max(100) }).strict();
export type SpamLevel = z.infer<typeof SpamLevel>;
/**
 * The level with whether the mail server's filters can apply it: it needs the Sieve extensions spamtestplus,
 * relational and comparator-i;ascii-numeric. false: the server lacks one, the level is stored but not applied
 * (only filters decide what is spam); null: the server could not be asked just now.
 */
export const SpamLevelState = z.object({
  spamLevel: z.number().int().min(0).max(100),
  available: z.boolean().nullable(),
});
export type SpamLevelState = z.infer<typeof SpamLevelState>;
export const defaultSpamLevel = 50;
