import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { composeLimits, type RecipientType } from '@webmail/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import type { DraftPatch } from '../hooks/use-composer-form';
import { formatChip } from '../lib/address-chips';
import { recipientCount, type ComposerDraft } from '../lib/composer-draft';
import type { ComposerFieldErrors } from '../lib/field-errors';
import { AddressField } from './address-field';

export interface ComposerAccount {
  name: string;
  email: string;
  /** Verified outgoing addresses: the other From choices (settings gives them through the compose route). */
  senders?: readonly ComposerSender[];
}

export interface ComposerSender {
  address: string;
  name: string;
}

export interface RecipientFieldsProps {
  userIndex: number;
  draft: ComposerDraft;
  account: ComposerAccount | undefined;
  onChange: (patch: DraftPatch) => void;
  errors: ComposerFieldErrors;
  autoFocus?: boolean;
}

const revealSx = { minWidth: 48, minHeight: { xs: 48, sm: 32 }, px: 1, whiteSpace: 'nowrap' } as const;

/**
 * From (the account's address, or a choice of it and the verified outgoing addresses), then To with buttons
 * revealing Cc and Bcc. At most 400 recipients in all three; the count
 * error is shown at To.
 */
export function RecipientFields({
  userIndex,
  draft,
  account,
  onChange,
  errors,
  autoFocus,
}: RecipientFieldsProps) {
  const { t } = useTranslation('compose');
  const [shown, setShown] = useState({ cc: draft.cc.length > 0, bcc: draft.bcc.length > 0 });
  const total = recipientCount(draft);
  const countError =
    total > composeLimits.recipientsMax
      ? [t('fields.tooManyRecipients', { limit: composeLimits.recipientsMax, total })]
      : [];
  const from = draft.from ?? (account ? { name: account.name, address: account.email } : null);

  const field = (type: RecipientType, extra: string[] = [], end?: ReactNode) => (
    <AddressField
      userIndex={userIndex}
      label={t(`fields.${type}`)}
      chips={draft[type]}
      onChange={(chips) => onChange({ [type]: chips })}
      errors={[...extra, ...(errors[type] ?? [])]}
      end={end}
      autoFocus={autoFocus && type === 'to'}
    />
  );

  const reveal = (
    <Box sx={{ display: 'flex', alignSelf: 'flex-start' }}>
      {!shown.cc && (
        <Button
          size="small"
          aria-label={t('fields.showCc')}
          onClick={() => setShown((s) => ({ ...s, cc: true }))}
          sx={revealSx}
        >
          {t('fields.cc')}
        </Button>
      )}
      {!shown.bcc && (
        <Button
          size="small"
          aria-label={t('fields.showBcc')}
          onClick={() => setShown((s) => ({ ...s, bcc: true }))}
          sx={revealSx}
        >
          {t('fields.bcc')}
        </Button>
      )}
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <FromField
        account={account}
        from={from}
        errors={errors.from}
        onChange={(sender) => onChange({ from: sender })}
      />
      {field('to', countError, reveal)}
      {shown.cc && field('cc')}
      {shown.bcc && field('bcc')}
    </Box>
  );
}

/** The sender: read-only with the account alone; a choice when verified outgoing addresses exist. */
function FromField({
  account,
  from,
  errors,
  onChange,
}: {
  account: ComposerAccount | undefined;
  from: { name: string; address: string } | null;
  errors: string[] | undefined;
  onChange: (sender: { name: string; address: string }) => void;
}) {
  const { t } = useTranslation('compose');
  const choices = account?.senders?.length
    ? [
        { name: account.name, address: account.email },
        ...account.senders.map((s) => ({ name: s.name || account.name, address: s.address })),
      ]
    : [];
  // A draft's From that is no longer a choice (an address deleted since) still shows, and the server says why.
  if (
    from &&
    choices.length > 0 &&
    !choices.some((c) => c.address.toLowerCase() === from.address.toLowerCase())
  )
    choices.push(from);
  if (choices.length === 0) {
    return (
      <TextField
        variant="standard"
        label={t('fields.from')}
        value={from ? formatChip(from) : ''}
        error={Boolean(errors)}
        helperText={errors?.join(' ')}
        slotProps={{ input: { readOnly: true, disableUnderline: true } }}
      />
    );
  }
  return (
    <TextField
      select
      variant="standard"
      label={t('fields.from')}
      value={from?.address.toLowerCase() ?? ''}
      onChange={(event) => {
        const chosen = choices.find((c) => c.address.toLowerCase() === event.target.value);
        if (chosen) onChange(chosen);
      }}
      error={Boolean(errors)}
      helperText={errors?.join(' ')}
    >
      {choices.map((c) => (
        <MenuItem key={c.address} value={c.address.toLowerCase()}>
          {formatChip(c)}
        </MenuItem>
      ))}
    </TextField>
  );
}
