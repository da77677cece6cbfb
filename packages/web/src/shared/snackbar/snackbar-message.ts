import { limits } from '@webmail/contracts';
import type { SnackbarInput, SnackbarMessage, SnackbarType } from './snackbar-context';

/**
 * Each type has its alert colour; error is the theme's alert-error colour. The filled alert takes the
 * palette's `main` tone in light mode and its `dark` tone in dark mode, where white text on `main` (#f44336) would
 * fall below 4.5:1.
 */
export const snackbarSeverity = {
  error: 'error',
  attention: 'warning',
  success: 'success',
  info: 'info',
} as const satisfies Record<SnackbarType, string>;

let sequence = 0;

/**
 * The snackbar rules, checked when the message is enqueued (so the mistake shows up where it is made):
 * without actions a timeout is required (the default 5000 ms applies when none is given); a persistent message
 * (timeout null) must have actions and a key, or nobody could ever remove it.
 */
export function toSnackbarMessage(input: SnackbarInput): SnackbarMessage {
  const actions = input.actions ?? [];
  const timeout = input.timeout === undefined ? limits.snackbarTimeoutMs : input.timeout;
  if (timeout !== null && !(Number.isFinite(timeout) && timeout > 0)) {
    throw new Error(`A snackbar timeout must be a positive number of milliseconds, not ${timeout}`);
  }
  if (timeout === null && actions.length === 0) {
    throw new Error('A snackbar message without a timeout must have actions');
  }
  if (timeout === null && !input.key) {
    throw new Error('A snackbar message without a timeout must have a key to be removed later');
  }
  sequence += 1;
  return {
    type: input.type,
    message: input.message,
    key: input.key ?? `snackbar-${sequence}`,
    timeout,
    color: input.color ?? null,
    actions,
    vertical: actions.length > 0,
  };
}

/**
 * The messages a new one replaces: the same text or the same key (the caller updating its message), and, when the
 * new one closes by itself, every message that closes by itself. One passing notice shows at a time, the newest, as
 * Gmail's do: five quick actions leave one notice, not a stack over the page. A message without a timeout waits for
 * its action (Retry, Open draft, Refresh now) and stays until its owner or the user closes it; it comes beside the
 * passing notice, which answers what the user just did ("Password changed"), instead of hiding it.
 */
export function replacedBy(list: SnackbarMessage[], message: SnackbarMessage): SnackbarMessage[] {
  const passing = message.timeout !== null;
  return list.filter(
    (m) => m.message === message.message || m.key === message.key || (passing && m.timeout !== null),
  );
}

/** Adds a message at the end (newest last), dropping the ones it replaces. */
export function addSnackbarMessage(list: SnackbarMessage[], message: SnackbarMessage): SnackbarMessage[] {
  const replaced = new Set(replacedBy(list, message));
  return [...list.filter((m) => !replaced.has(m)), message];
}

export function removeSnackbarMessage(list: SnackbarMessage[], key: string): SnackbarMessage[] {
  return list.some((m) => m.key === key) ? list.filter((m) => m.key !== key) : list;
}
