import { createContext } from 'react';

/** Spec §3 snackbar message types. `attention` is a warning. */
export type SnackbarType = 'error' | 'attention' | 'success' | 'info';

export interface SnackbarAction {
  label: string;
  onClick: () => void;
}

export interface SnackbarInput {
  type: SnackbarType;
  message: string;
  /** Milliseconds until it closes; default 5000 (spec §9). `null` keeps it open: then actions and a key are required. */
  timeout?: number | null;
  /** Lets the caller close it later. Generated when omitted. */
  key?: string;
  actions?: SnackbarAction[];
}

export interface SnackbarMessage extends Required<Pick<SnackbarInput, 'type' | 'message' | 'key'>> {
  timeout: number | null;
  actions: SnackbarAction[];
}

export interface SnackbarApi {
  /** Shows a message; a message with the same text replaces the earlier one (spec §4). Returns its key. */
  show: (input: SnackbarInput) => string;
  close: (key: string) => void;
}

export const SnackbarContext = createContext<SnackbarApi | null>(null);
