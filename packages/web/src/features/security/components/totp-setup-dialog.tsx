import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TotpSetup } from '@webmail/contracts';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useTotpEnable } from '../api/two-factor';
import { needsReauth } from './reauth-dialog';

/** The otpauth:// URI as a QR code (an SVG made in the browser; the secret never leaves for an image service). */
function QrCode({ uri, label }: { uri: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrSvg(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <Box
      component="img"
      src={src ?? undefined}
      alt={label}
      sx={{ width: 200, height: 200, bgcolor: '#fff', borderRadius: 1, display: 'block', mx: 'auto' }}
    />
  );
}

/** Scan (or type) the secret, then confirm with the first code; answers the recovery codes. */
export function TotpSetupDialog(props: {
  userIndex: number;
  setup: TotpSetup | null;
  onClose: () => void;
  onEnabled: (recoveryCodes: string[]) => void;
  onReauthNeeded: () => void;
}) {
  const { t } = useTranslation('security');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enable = useTotpEnable(props.userIndex);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[0-9]{6}$/.test(code.trim())) {
      setError(t('totp.codeFormat'));
      return;
    }
    enable.mutate(code.trim(), {
      onSuccess: (result) => {
        setCode('');
        setError(null);
        props.onEnabled(result.recoveryCodes);
      },
      onError: (e) => (needsReauth(e) ? props.onReauthNeeded() : setError(t('totp.wrongCode'))),
    });
  };
  const secret = props.setup?.secret.replace(/(.{4})(?=.)/g, '$1 ') ?? '';
  return (
    <Dialog open={props.setup !== null} onClose={props.onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('totp.setupTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('totp.scan')}
          </Typography>
          {props.setup && <QrCode uri={props.setup.uri} label={t('totp.qrLabel')} />}
          <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
            {t('totp.typeInstead')}
          </Typography>
          <Typography
            aria-label={t('totp.secretLabel')}
            sx={{ fontFamily: 'monospace', fontSize: 15, wordBreak: 'break-all', mb: 2 }}
          >
            {secret}
          </Typography>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            label={t('totp.codeLabel')}
            autoComplete="one-time-code"
            fullWidth
            value={code}
            onChange={(event) => setCode(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={enable.isPending}>
            {t('totp.enable')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
