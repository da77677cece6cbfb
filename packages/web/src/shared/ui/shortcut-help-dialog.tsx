import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { Fragment, useId } from 'react';
import { useTranslation } from '../i18n/translation';
import { shortcutGroups, shortcutsEnabled, shortcutTable } from './keyboard-shortcuts';
import { layoutSizes } from './layout-sizes';

function Key({ children }: { children: string }) {
  return (
    <Box
      component="kbd"
      sx={{
        display: 'inline-block',
        minWidth: 28,
        px: 0.75,
        py: 0.25,
        textAlign: 'center',
        fontFamily: 'monospace',
        fontSize: '0.875rem',
        lineHeight: 1.5,
        border: 1,
        borderColor: 'divider',
        borderBottomWidth: 2,
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * The groups of the table. Its own component: the dialog renders its content only while open, so a closed help sheet
 * (mounted with every signed-in page, re-rendered with the layout) builds none of these elements.
 */
function ShortcutGroups() {
  const { t } = useTranslation('shortcuts');
  return (
    <>
      {shortcutGroups.map((group) => (
        <Box component="section" key={group} sx={{ '& + &': { mt: 2 } }}>
          <Typography component="h3" variant="subtitle2" sx={{ color: 'text.secondary', mb: 1 }}>
            {t(`groups.${group}`)}
          </Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              // One width for the keys in every group, so the descriptions line up.
              gridTemplateColumns: '9.5rem 1fr',
              columnGap: 2,
              rowGap: 0.75,
              alignItems: 'center',
              m: 0,
            }}
          >
            {shortcutTable
              .filter((entry) => entry.group === group)
              .map((entry) => (
                <Fragment key={entry.id}>
                  <Box component="dt" sx={{ display: 'flex', gap: 0.75, alignItems: 'center' }}>
                    {entry.keys.map((key, index) => (
                      <Fragment key={key}>
                        {index > 0 && (
                          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                            {t('then')}
                          </Typography>
                        )}
                        {/* A capital letter is typed with Shift: shown as Shift + the key. */}
                        {/^[A-Z]$/.test(key) ? (
                          <>
                            <Key>{t('shift')}</Key>+<Key>{key.toLowerCase()}</Key>
                          </>
                        ) : (
                          <Key>{key}</Key>
                        )}
                      </Fragment>
                    ))}
                  </Box>
                  <Box component="dd" sx={{ m: 0 }} data-shortcut={entry.id}>
                    <Typography variant="body2">{t(`items.${entry.id}`)}</Typography>
                  </Box>
                </Fragment>
              ))}
          </Box>
        </Box>
      ))}
    </>
  );
}

/** The help sheet (`?`): every shortcut of the table the dispatcher uses, by group, in the user's language. */
export function ShortcutHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shortcuts');
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      scroll="paper"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: layoutSizes.dialogMaxWidth } } }}
    >
      <DialogTitle id={titleId}>{t('title')}</DialogTitle>
      {/* The list is longer than a short window: it scrolls, and the keyboard can scroll it (a Tab stop). */}
      <DialogContent
        dividers
        tabIndex={0}
        role="region"
        aria-labelledby={titleId}
        sx={{ '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
      >
        {!shortcutsEnabled() && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('off')}
          </Alert>
        )}
        <ShortcutGroups />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
