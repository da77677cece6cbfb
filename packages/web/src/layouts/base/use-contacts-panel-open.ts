import { contactLimits } from '@webmail/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUserDetails } from '../../features/settings/api/get-user-details';
import { useUpdateUserDetails } from '../../features/settings/api/update-user-details';

/**
 * The contacts panel open or collapsed: the stored preference `showContactList`, changed at once on screen and
 * saved 1 s after the last toggle (a quick open-close saves nothing twice). A pending save is sent when the
 * layout goes away, so leaving right after a toggle keeps it.
 */
export function useContactsPanelOpen(userIndex: number): { open: boolean; toggle: () => void } {
  const stored = useUserDetails(userIndex).data?.meta.showContactList ?? true;
  const { mutate } = useUpdateUserDetails(userIndex);
  const [local, setLocal] = useState<boolean | null>(null);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; value: boolean } | null>(null);
  const open = local ?? stored;

  const save = useCallback(() => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    const { value } = pending.current;
    pending.current = null;
    mutate({ showContactList: value });
  }, [mutate]);

  const toggle = useCallback(() => {
    const next = !open;
    setLocal(next);
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = { value: next, timer: setTimeout(save, contactLimits.panelToggleDebounceMs) };
  }, [open, save]);

  useEffect(() => save, [save]);
  return { open, toggle };
}
