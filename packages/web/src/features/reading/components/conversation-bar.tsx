import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { Tooltip } from '../../../shared/ui/tooltip';

export interface ConversationBarProps {
  backHref: string | null;
  previousHref: string | null;
  nextHref: string | null;
  /** MailboxThreadPrint and MailboxThreadTab, opened in a new tab; null where not offered. */
  printHref: string | null;
  newTabHref: string | null;
}

const touchTarget = { width: 48, height: 48 };

/** Tooltip on a disabled button needs a wrapper that can take the hover. */
function Hint({ title, children }: { title: string; children: ReactElement }) {
  return (
    <Tooltip title={title}>
      <span>{children}</span>
    </Tooltip>
  );
}

/** The conversation's own bar: back to the list, previous / next message of the list (k / j), print, new tab. */
export function ConversationBar({
  backHref,
  previousHref,
  nextHref,
  printHref,
  newTabHref,
}: ConversationBarProps) {
  const { t } = useTranslation('reading');
  const step = (href: string | null, label: string, icon: ReactElement) => (
    <Hint title={label}>
      {href ? (
        <IconButton component={RouterLink} to={href} aria-label={label} sx={touchTarget}>
          {icon}
        </IconButton>
      ) : (
        <IconButton disabled aria-label={label} sx={touchTarget}>
          {icon}
        </IconButton>
      )}
    </Hint>
  );
  const newTab = (href: string | null, label: string, icon: ReactElement) =>
    href && (
      <Tooltip title={label}>
        <IconButton
          component="a"
          href={href}
          target="_blank"
          rel="noopener"
          aria-label={label}
          sx={touchTarget}
        >
          {icon}
        </IconButton>
      </Tooltip>
    );

  return (
    <Box
      role="toolbar"
      aria-label={t('view.conversationToolbar')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        minHeight: 56,
        px: { xs: 0.5, md: 1.5 },
        position: 'sticky',
        top: 0,
        zIndex: 1,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        displayPrint: 'none',
      }}
    >
      {backHref && (
        <Tooltip title={t('view.back')}>
          <IconButton component={RouterLink} to={backHref} aria-label={t('view.back')} sx={touchTarget}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
      )}
      <Box sx={{ flex: 1 }} />
      {newTab(printHref, t('view.printConversation'), <PrintOutlinedIcon />)}
      {newTab(newTabHref, t('view.openInNewTab'), <OpenInNewIcon />)}
      {step(previousHref, t('view.previous'), <KeyboardArrowUpIcon />)}
      {step(nextHref, t('view.next'), <KeyboardArrowDownIcon />)}
    </Box>
  );
}
