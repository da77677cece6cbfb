import Button from '@mui/material/Button';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { folderHref } from '../../../shared/routing/mail-hrefs';
import { userHomePath } from '../../../shared/session/session';
import { PaneLoader } from '../../../shared/ui/pane-loader';
import { useReplyPrefill } from '../api/get-reply-prefill';
import { parseAddresses } from '../lib/address-chips';
import { composePath, composeStateOf, replySourceOf } from '../lib/compose-location';
import { composerDraftOf, emptyDraft, type ComposerDraft } from '../lib/composer-draft';
import { withSignature } from '../../../shared/editor/signature-block';
import { useComposerSignatures } from '../hooks/use-composer-signatures';
import { ComposeMessage } from './compose-draft-page';

export interface ComposeStartProps {
  userIndex: number;
  tab?: boolean;
}

/**
 * `compose` without a draftId starts a new draft: a new UUID, then `compose/{draftId}` with the starting
 * content in the history state (so a reload keeps it). The content is empty, the `to` query's addresses
 * (`?to=a@x,b@y`), or — with `mode`, `mailboxId` and `messageId` from the conversation view — the
 * server's reply / reply-all / forward prefill; with the default signature above the quote.
 */
export function ComposeStart({ userIndex, tab = false }: ComposeStartProps) {
  const { t } = useTranslation('compose');
  const { t: tCommon } = useTranslation('common');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // The default signature goes into the new draft above the quote; the start waits while they load.
  const signatures = useComposerSignatures(userIndex);
  const paramsKey = params.toString();
  const source = useMemo(() => replySourceOf(new URLSearchParams(paramsKey)), [paramsKey]);
  const prefill = useReplyPrefill(userIndex, source);
  const returnTo =
    composeStateOf(location.state).returnTo ??
    (source ? folderHref(userIndex, source.mailboxId) : userHomePath(userIndex));

  useEffect(() => {
    if (signatures === undefined) return;
    let initial: ComposerDraft;
    if (source) {
      if (!prefill.data) return;
      initial = composerDraftOf(prefill.data);
    } else {
      const to = new URLSearchParams(paramsKey).getAll('to').join(',');
      initial = { ...emptyDraft, to: parseAddresses(to) };
    }
    if (signatures) initial = withSignature(initial, signatures);
    navigate(composePath(userIndex, crypto.randomUUID(), tab), {
      replace: true,
      state: { compose: { initial, returnTo } },
    });
  }, [navigate, paramsKey, prefill.data, returnTo, signatures, source, tab, userIndex]);

  if (prefill.isError) {
    return (
      <ComposeMessage
        text={t('prefillFailed')}
        action={
          <Button onClick={() => void prefill.refetch()} variant="outlined">
            {tCommon('actions.retry')}
          </Button>
        }
      />
    );
  }
  return <PaneLoader />;
}
