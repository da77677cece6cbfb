import { createContext } from 'react';

/** Snackbar message types. `attention` is a warning. */
export type SnackbarType = 'error' | 'attention' | 'success' | 'info';

/**
 * A colour of the theme palette path (`'common.white'`, `'warning.light'`) or any CSS colour. Resolved by the theme,
 * so it follows light and dark mode.
 */
export type SnackbarColor = string;

export interface SnackbarAction {
  label: string;
  onClick: () => void;
  /** Text colour of this action's button (each action has its own colour). Default: the message's text. */
  color?: SnackbarColor;
}

export interface SnackbarInput {
  type: SnackbarType;
  message: string;
  /** Milliseconds until it closes; default 5000. `null` keeps it open: then actions and a key are required. */
  timeout?: number | null;
  /** Lets the caller remove it later. Generated when omitted. */
  key?: string;
  /** Background colour instead of the type's alert colour (error: the theme's alert-error colour). */
  color?: SnackbarColor;
  actions?: SnackbarAction[];
}

/** A message as the stack holds it. */
export interface SnackbarMessage {
  type: SnackbarType;
  message: string;
  key: string;
  timeout: number | null;
  /** Set only when the caller overrides the type's alert colour. */
  color: SnackbarColor | null;
  actions: SnackbarAction[];
  /** Message above, actions below it: set whenever there are actions, so long labels never squeeze the text. */
  vertical: boolean;
}

export interface SnackbarApi {
  /**
   * Shows a message; a message with the same text replaces the earlier one. Returns its key.
   * Throws at once for a message nobody could ever remove.
   */
  show: (input: SnackbarInput) => string;
  /** Removes the message with this key, if it is still shown. */
  close: (key: string) => void;
}

export const SnackbarContext = createContext<SnackbarApi | null>(null);
