import DownloadIcon from '@mui/icons-material/Download';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../../shared/i18n/translation';
import { recoveryCodesText } from '../lib/recovery-codes-file';

/** The ten recovery codes, shown once: download as a text file or print, then close. */
export function RecoveryCodesDialog(props: { codes: string[] | null; account: string; onClose: () => void }) {
  const { t } = useTranslation('security');
  const codes = props.codes ?? [];
  const text = recoveryCodesText(t('recovery.fileHeading'), props.account, codes);
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  const print = () => {
    const win = window.open('', '_blank', 'noopener=no,width=480,height=640');
    if (!win) return;
    const pre = win.document.createElement('pre');
    pre.textContent = text;
    pre.style.font = '16px monospace';
    win.document.body.append(pre);
    win.print();
    win.close();
  };
  return (
    <Dialog open={props.codes !== null} onClose={props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('recovery.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('recovery.shownOnce')}
        </Alert>
        <Box
          component="ol"
          aria-label={t('recovery.title')}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            gap: 1,
            p: 2,
            m: 0,
            listStylePosition: 'inside',
            fontFamily: 'monospace',
            fontSize: 16,
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<DownloadIcon />} onClick={download}>
          {t('recovery.download')}
        </Button>
        <Button startIcon={<PrintOutlinedIcon />} onClick={print}>
          {t('recovery.print')}
        </Button>
        <Button variant="contained" onClick={props.onClose}>
          {t('recovery.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
