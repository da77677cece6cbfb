import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { contactImportTypes, type ContactImportResult, type ContactImportType } from '@webmail/contracts';
import { useId, useState, type FormEvent } from 'react';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { formErrorsOf } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useAddressBooks } from '../api/get-address-books';
import { useImportContacts } from '../api/import-contacts';
import { addressBookName } from './address-book-name';
import { ImportResult } from './import-result';
import { layoutSizes } from '../../../shared/ui/layout-sizes';

export interface ImportDialogProps {
  userIndex: number;
  onClose: () => void;
}

/**
 * Import of a vCard or a Google / Outlook CSV file into an address book. The answer is shown in the dialog: how
 * many contacts were added, merged into existing ones and skipped, with the reason for each line left out.
 */
export function ImportDialog({ userIndex, onClose }: ImportDialogProps) {
  const { t } = useTranslation(['contacts', 'errors']);
  const { t: tErrors } = useTranslation('errors');
  const titleId = useId();
  const inputId = useId();
  const books = useAddressBooks(userIndex).data ?? [];
  const run = useImportContacts(userIndex);
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<ContactImportType>('auto');
  const [bookId, setBookId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ContactImportResult | null>(null);
  const target = bookId || books.find((b) => b.isDefault)?.id || '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(t('contacts:import.fileRequired'));
      return;
    }
    setError(null);
    const form = new FormData();
    if (target) form.set('addressBookId', target);
    form.set('type', type);
    form.set('userImportName', file.name.slice(0, 255));
    form.set('contactImport', file, file.name);
    try {
      setResult(await run.mutateAsync(form));
    } catch (err) {
      if (!isApiRequestError(err)) throw err;
      const problems = formErrorsOf(err, tErrors, ['contactImport'], (texts) => texts.join(', '));
      setError(problems.fields.contactImport ?? problems.form);
    }
  };

  return (
    <Dialog
      open
      onClose={run.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      slotProps={{
        paper: { sx: { width: '100%', maxWidth: layoutSizes.dialogMaxWidth } },
      }}
    >
      {/* The form inside the dialog, not as its paper: a <form> may not take the dialog role. */}
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{t('contacts:import.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start', pt: '8px !important' }}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {result ? (
            <ImportResult result={result} />
          ) : (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <Button component="label" htmlFor={inputId} variant="outlined">
                  {t('contacts:import.chooseFile')}
                  <input
                    id={inputId}
                    type="file"
                    accept=".vcf,.vcard,.csv,text/vcard,text/csv"
                    hidden
                    onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                  />
                </Button>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {file ? file.name : t('contacts:import.noFile')}
                </Typography>
              </Box>
              <TextField
                select
                label={t('contacts:import.type')}
                value={type}
                onChange={(e) => setType(e.target.value as ContactImportType)}
              >
                {contactImportTypes.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`contacts:import.types.${value}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={t('contacts:import.addressBook')}
                value={books.some((b) => b.id === target) ? target : ''}
                onChange={(e) => setBookId(e.target.value)}
              >
                {books.map((book) => (
                  <MenuItem key={book.id} value={book.id}>
                    {addressBookName(book, t)}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={run.isPending}>
            {result ? t('contacts:details.close') : t('contacts:form.cancel')}
          </Button>
          {!result && (
            <Button type="submit" variant="contained" loading={run.isPending}>
              {t('contacts:import.submit')}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
