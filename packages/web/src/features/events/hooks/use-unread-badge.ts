import { useEffect } from 'react';
import { setTitleCount } from '../../../shared/ui/document-title';
import { useInboxFolder } from '../../mailboxes/api/get-mailbox-tree';
import { setFaviconCount } from '../lib/favicon';

/**
 * The Inbox's unread count in the tab: in front of the title (`(3) Saapuneet - Webmail`) and on the favicon, none
 * at 0. It follows the cached folder tree, which the live events keep current.
 */
export function useUnreadBadge(userIndex: number): void {
  const unseen = useInboxFolder(userIndex).data?.unseen ?? 0;
  useEffect(() => {
    setTitleCount(unseen);
    // The icon in a task of its own: the first badge fetches and draws it, and the first render's effects, all in one
    // task, are long enough on a phone.
    const drawing = setTimeout(() => void setFaviconCount(unseen));
    return () => clearTimeout(drawing);
  }, [unseen]);
  useEffect(
    () => () => {
      setTitleCount(null);
      void setFaviconCount(0);
    },
    [],
  );
}
