import { limits } from '@webmail/contracts';
import type { SnackbarInput, SnackbarMessage } from './snackbar-context';

let sequence = 0;

/**
 * Spec §5 snackbar rules: without actions a timeout is required (the default applies); a persistent message
 * (timeout null) must have actions and a key, or nobody could ever remove it.
 */
export function toSnackbarMessage(input: SnackbarInput): SnackbarMessage {
  const actions = input.actions ?? [];
  const timeout = input.timeout === undefined ? limits.snackbarTimeoutMs : input.timeout;
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
    actions,
  };
}

/** Adds a message; one with the same text or key replaces the earlier one (spec §4). */
export function addSnackbarMessage(list: SnackbarMessage[], message: SnackbarMessage): SnackbarMessage[] {
  return [...list.filter((m) => m.message !== message.message && m.key !== message.key), message];
}
