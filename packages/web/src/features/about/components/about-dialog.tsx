import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { productName } from '@webmail/contracts';
import { useDateFormat } from '../../../shared/format/format-date';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { layoutSizes } from '../../../shared/ui/layout-sizes';
import { QueryView } from '../../../shared/ui/query-view';
import { fetchBundledPackages, type BundledPackage } from '../lib/bundled-packages';

/** The dialog default max width. */
const dialogMaxWidth = layoutSizes.dialogMaxWidth;

export interface AboutDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The About dialog: product name, version, build date, and the licences of the open-source packages in the bundle
 * — a list the build generates from the dependency tree, fetched only when the dialog opens.
 */
export function AboutDialog({ open, onClose }: AboutDialogProps) {
  const { t } = useTranslation('about');
  const titleId = useId();
  // The app's full date (DD.MM.YYYY HH:mm in the user's time zone), as everywhere else.
  const built = useDateFormat().full(new Date(__WEBMAIL_BUILD_DATE__));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      scroll="paper"
      slotProps={{ paper: { sx: { maxWidth: dialogMaxWidth } } }}
    >
      <DialogTitle id={titleId}>{t('title', { product: productName })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="h6" component="p">
          {productName}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('version', { version: __WEBMAIL_VERSION__ })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('built', { date: built })}
        </Typography>
        <Typography variant="subtitle2" component="h3">
          {t('licencesTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('licencesIntro')}
        </Typography>
        {open && <Licences />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Licences() {
  const { t } = useTranslation('about');
  const list = useQuery({
    queryKey: ['about', 'licences'],
    queryFn: ({ signal }) => fetchBundledPackages(signal),
    staleTime: Infinity,
  });
  return (
    <QueryView
      query={list}
      loadFailed={t('loadFailed')}
      loading={<CircularProgress size={24} aria-label={t('loading')} />}
    >
      {(packages) =>
        packages === null ? (
          <Alert severity="info">{t('notBuilt')}</Alert>
        ) : (
          <List
            dense
            aria-label={t('licencesTitle')}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            {packages.map((pkg) => (
              <PackageRow key={`${pkg.name}@${pkg.version}`} pkg={pkg} />
            ))}
          </List>
        )
      }
    </QueryView>
  );
}

function PackageRow({ pkg }: { pkg: BundledPackage }) {
  const { t } = useTranslation('about');
  const [open, setOpen] = useState(false);
  const textId = useId();
  return (
    <>
      <ListItem
        secondaryAction={
          pkg.licenseText ? (
            <IconButton
              edge="end"
              size="small"
              aria-expanded={open}
              aria-controls={textId}
              aria-label={t(open ? 'hideText' : 'showText', { name: pkg.name })}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </IconButton>
          ) : undefined
        }
      >
        <ListItemText
          primary={
            pkg.url ? (
              <Link href={pkg.url} target="_blank" rel="noopener noreferrer" underline="hover">
                {pkg.name}
                <OpenInNewIcon sx={{ fontSize: 12, ml: 0.5, verticalAlign: 'middle' }} aria-hidden />
              </Link>
            ) : (
              pkg.name
            )
          }
          secondary={`${pkg.version} · ${pkg.license}`}
        />
      </ListItem>
      {pkg.licenseText && (
        <Collapse in={open} id={textId} unmountOnExit>
          <Box
            component="pre"
            sx={{
              mx: 2,
              mb: 1,
              p: 1,
              fontSize: 11,
              whiteSpace: 'pre-wrap',
              bgcolor: 'action.hover',
              borderRadius: 1,
            }}
          >
            {pkg.licenseText}
          </Box>
        </Collapse>
      )}
    </>
  );
}
