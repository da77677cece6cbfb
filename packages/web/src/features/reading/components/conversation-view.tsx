import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate, Link as RouterLink } from 'react-router';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { useTranslation } from '../../../shared/i18n/translation';
import { PaneLoader } from '../../../shared/ui/pane-loader';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useThread } from '../api/get-thread';
import { tabHrefs } from '../../../shared/routing/mail-hrefs';
import { useExpandedMessages } from '../hooks/use-expanded-messages';
import { useListNeighbours } from '../../messages/api/list-neighbours';
import { useNarrow } from '../hooks/use-narrow';
import { useNavigationKeys } from '../hooks/use-navigation-keys';
import { addressedMessage, conversationKey } from '../lib/conversation';
import type { ConversationEnv } from '../lib/conversation-env';
import { subjectLabel } from '../lib/reading-labels';
import { ConversationBar } from './conversation-bar';
import { MessageCard } from './message-card';
import { MessageSummaryLine } from './message-summary-line';
import { pageHeadingProps } from '../../../shared/ui/focus-rule';

/**
 * The conversation view (routes MailboxThread and MailboxThreadTab): the thread's messages oldest to newest, read
 * ones folded to a summary line, the addressed one and the unread ones open, the addressed one scrolled to.
 */
export function ConversationView({ env }: { env: ConversationEnv }) {
  const { t } = useTranslation(['reading', 'common']);
  const navigate = useNavigate();
  const { userIndex, mailboxId, threadId, messageId } = env;
  const query = useThread(userIndex, mailboxId, threadId, messageId);
  // A refetch answered 404: another device or a search-wide action moved it. What is shown stays (a dialog of it may
  // be open), under a notice saying so.
  const gone = isApiRequestError(query.error) && query.error.status === 404;
  const messages = query.data?.messages;
  const addressed = messages ? addressedMessage(messages, mailboxId, messageId) : undefined;
  const addressedKey = addressed ? conversationKey(addressed) : null;
  const { isExpanded, setExpanded } = useExpandedMessages(messages, addressedKey, !query.isFetching);
  const subject = addressed ? subjectLabel(addressed.subject, t) : '';
  usePageTitle(subject);

  // Below this width a message's toolbar keeps only star, reply and the menu, and the date goes under the name.
  const [compact, attachWidth] = useNarrow(600);
  const neighbours = useListNeighbours(userIndex, mailboxId, messageId, !env.neighbourHrefs);
  const hrefOf = (neighbour: { thread: string; id: number } | null) =>
    neighbour ? env.messageHref(neighbour.thread, neighbour.id) : null;
  const previousHref = env.neighbourHrefs ? env.neighbourHrefs.previous : hrefOf(neighbours.previous);
  const nextHref = env.neighbourHrefs ? env.neighbourHrefs.next : hrefOf(neighbours.next);
  // The neighbours as they were while the message was in the list: a move or delete takes its row out of the
  // list (optimistically) before the reader leaves, and then it has no neighbours any more.
  const [known, setKnown] = useState({ messageId, previousHref, nextHref });
  const found = previousHref !== null || nextHref !== null;
  if (
    found &&
    (known.messageId !== messageId || known.previousHref !== previousHref || known.nextHref !== nextHref)
  ) {
    setKnown({ messageId, previousHref, nextHref });
  }
  const around = known.messageId === messageId ? known : { previousHref, nextHref };
  const afterRemoveHref =
    (env.afterRemove === 'next'
      ? around.nextHref
      : env.afterRemove === 'previous'
        ? around.previousHref
        : null) ?? env.listHref;
  const cardEnv = useMemo(() => ({ ...env, afterRemoveHref }), [env, afterRemoveHref]);
  useNavigationKeys({
    previous: previousHref ? () => void navigate(previousHref) : null,
    next: nextHref ? () => void navigate(nextHref) : null,
    backToList: env.inTab ? null : () => void navigate(env.listHref),
  });

  let body;
  if (messages && addressed) {
    const single = messages.length === 1;
    body = (
      <>
        {gone && <GoneNotice listHref={env.listHref} />}
        <Typography
          // Alone on the page (phones, a tab of its own) the subject is the page's heading.
          component={env.showBack || env.inTab ? 'h1' : 'h2'}
          {...pageHeadingProps}
          variant="h5"
          sx={{ fontWeight: 400, px: { xs: 2, md: 3 }, pt: 3, pb: 1, overflowWrap: 'anywhere' }}
        >
          {subject}
        </Typography>
        <Box component="ol" aria-label={t('view.conversation')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {messages.map((message, index) => {
            const key = conversationKey(message);
            return (
              <Box component="li" key={key}>
                {index > 0 && <Divider />}
                {isExpanded(message) ? (
                  <MessageCard
                    env={cardEnv}
                    compact={compact}
                    message={message}
                    addressed={key === addressedKey}
                    onCollapse={single ? undefined : () => setExpanded(message, false)}
                  />
                ) : (
                  <MessageSummaryLine message={message} onExpand={() => setExpanded(message, true)} />
                )}
              </Box>
            );
          })}
        </Box>
      </>
    );
  } else if (query.isError || messages) {
    const notFound = messages !== undefined || gone;
    body = (
      <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          {notFound ? t('view.notFound') : t('view.loadFailed')}
        </Typography>
        {notFound ? (
          <Button component={RouterLink} to={env.listHref} variant="outlined">
            {t('view.backToList')}
          </Button>
        ) : (
          <Button variant="outlined" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>
        )}
      </Box>
    );
  } else {
    body = <PaneLoader />;
  }

  return (
    <Box
      component="section"
      ref={attachWidth}
      aria-label={subject || undefined}
      // In a tab of its own the conversation is the page: centred, its bar as wide as its messages.
      sx={{ flex: 1, minWidth: 0, pb: 4, ...(env.inTab ? { maxWidth: 1040, mx: 'auto' } : {}) }}
    >
      <ConversationBar
        backHref={env.showBack && !env.inTab ? env.listHref : null}
        previousHref={previousHref}
        nextHref={nextHref}
        printHref={addressed ? tabHrefs.threadPrint(userIndex, mailboxId, threadId, messageId) : null}
        newTabHref={env.inTab ? null : tabHrefs.thread(userIndex, mailboxId, threadId, messageId)}
      />
      <Box sx={{ maxWidth: 1040 }}>{body}</Box>
    </Box>
  );
}

/** Over a conversation that left its folder since it was shown (the reader may still read it, or go back). */
function GoneNotice({ listHref }: { listHref: string }) {
  const { t } = useTranslation('reading');
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ mx: { xs: 2, md: 3 }, mt: 2 }}
      action={
        <Button
          component={RouterLink}
          to={listHref}
          color="inherit"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('view.backToList')}
        </Button>
      }
    >
      {t('view.movedSinceOpened')}
    </Alert>
  );
}
