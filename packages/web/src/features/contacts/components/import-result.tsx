import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { ContactImportResult } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';

/** What an import did: contacts added, merged and skipped, then the reason for each line left out. */
export function ImportResult({ result }: { result: ContactImportResult }) {
  const { t } = useTranslation('contacts');
  return (
    <Box role="status">
      <Alert severity={result.skipped > 0 ? 'warning' : 'success'}>
        {t('import.result', {
          imported: result.imported,
          merged: result.merged,
          skipped: result.skipped,
        })}
      </Alert>
      {result.problems.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {t('import.problems')}
          </Typography>
          <List dense sx={{ maxHeight: 240, overflowY: 'auto' }}>
            {result.problems.map((p, i) => (
              <ListItem key={i} disableGutters>
                {t('import.problemLine', {
                  line: p.line,
                  text: t(`import.reasons.${p.reason}`),
                })}
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
