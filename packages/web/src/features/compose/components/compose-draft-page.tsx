import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DraftId } from '@webmail/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { PaneLoader } from '../../../shared/ui/pane-loader';
import { useComposerSignatures } from '../hooks/use-composer-signatures';
import { useResumeDraft } from '../hooks/use-resume-draft';
import type { ComposerDraft } from '../lib/composer-draft';
import { Composer } from './composer';
import type { ComposerAccount } from './recipient-fields';
import { pageHeadingProps } from '../../../shared/ui/focus-rule';

export interface ComposeDraftPageProps {
  userIndex: number;
  draftId: string;
  account: ComposerAccount | undefined;
  /** The Send menu offers Send later (the server can send with the owner away). */
  sendLater?: boolean;
  initial: ComposerDraft | undefined;
  returnTo: string;
  tab?: boolean;
}

export function ComposeMessage({ text, action }: { text: string; action: ReactNode }) {
  return (
    <Box sx={{ flex: 1, textAlign: 'center', py: 10, px: 3 }}>
      <Typography component="h1" {...pageHeadingProps} variant="h6" sx={{ mb: 2 }}>
        {text}
      </Typography>
      {action}
    </Box>
  );
}

/** `compose/{draftId}`: resumes the draft, then hands it to the composer (one composer per draftId). */
export function ComposeDraftPage(props: ComposeDraftPageProps) {
  const { t } = useTranslation('compose');
  if (!DraftId.safeParse(props.draftId).success) {
    return (
      <ComposeMessage
        text={t('notFound')}
        action={
          <Button component={RouterLink} to={props.returnTo} variant="outlined">
            {t('goBack')}
          </Button>
        }
      />
    );
  }
  return <ResumingComposer key={props.draftId} {...props} />;
}

function ResumingComposer({
  userIndex,
  draftId,
  account,
  initial,
  returnTo,
  tab,
  sendLater,
}: ComposeDraftPageProps) {
  const { t } = useTranslation('compose');
  const { t: tCommon } = useTranslation('common');
  const resumed = useResumeDraft(userIndex, draftId, initial);
  // Read while the draft resumes, so the signature menu is there when the composer opens.
  const signatures = useComposerSignatures(userIndex);
  if (resumed.status === 'loading') return <PaneLoader />;
  if (resumed.status === 'error') {
    return (
      <ComposeMessage
        text={t('loadFailed')}
        action={
          <Button onClick={resumed.retry} variant="outlined">
            {tCommon('actions.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <Composer
      userIndex={userIndex}
      draftId={draftId}
      start={resumed.start}
      account={account}
      returnTo={returnTo}
      tab={tab}
      signatures={signatures}
      sendLater={sendLater}
    />
  );
}
