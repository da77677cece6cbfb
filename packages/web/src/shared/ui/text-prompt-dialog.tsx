import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';

export interface TextPromptDialogProps {
  title: string;
  label: string;
  initialValue: string;
  submitLabel: string;
  cancelLabel: string;
  /** The text typed, trimmed. */
  onSubmit: (value: string) => void;
  onClose: () => void;
  /** Blank text cannot be submitted (the button is disabled). */
  required?: boolean;
  /** A request is under way: the button is disabled. */
  pending?: boolean;
  placeholder?: string;
  /** Attributes of the input element (inputMode, autoComplete, maxLength). */
  htmlInput?: InputBaseComponentProps;
  /** Another action before Cancel (the link dialog's Remove link). */
  extraAction?: ReactNode;
}

/**
 * Asks for one line of text (a link's address, a saved search's name): the field has the focus, Enter submits.
 * Rendered only while open, so each opening starts from `initialValue`.
 */
export function TextPromptDialog({
  title,
  label,
  initialValue,
  submitLabel,
  cancelLabel,
  onSubmit,
  onClose,
  required = false,
  pending = false,
  placeholder,
  htmlInput,
  extraAction,
}: TextPromptDialogProps) {
  const [value, setValue] = useState(initialValue);
  const blank = !value.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (required && blank) return;
    onSubmit(value.trim());
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      {/* The form inside the dialog, not as its paper: a <form> may not take the dialog role. */}
      <Box component="form" onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={label}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder={placeholder}
            slotProps={{ htmlInput }}
          />
        </DialogContent>
        <DialogActions>
          {extraAction}
          <Button onClick={onClose}>{cancelLabel}</Button>
          <Button type="submit" variant="contained" disabled={(required && blank) || pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
