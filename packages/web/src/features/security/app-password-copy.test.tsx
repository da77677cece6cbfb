import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { setViewportWidth } from '../../test/media-query';
import { sampleTree } from '../../test/folder.testing';
import { securityApi } from './security.testing';

/** Creates an application password (the mock answers `abcdefghijklmnop`); its dialog and the user. */
async function createdPassword() {
  signIn(0);
  const api = securityApi();
  api.twoFactor.reauthenticatedUntil = Date.now() + 300_000;
  server.use(...mailApi({ tree: sampleTree(), messages: {} }).handlers, ...api.handlers);
  setViewportWidth(1024);
  const { user } = await renderApp('/u/0/settings/security/asps');
  await user.type(await screen.findByLabelText('Description', {}, { timeout: 10_000 }), 'Phone');
  await user.click(screen.getByRole('button', { name: 'Create' }));
  const dialog = await screen.findByRole('dialog', { name: 'App password for “Phone”' }, { timeout: 10_000 });
  return { dialog, user };
}

describe('copying a new application password', () => {
  it('shows it in groups of four; the copy button copies it without spaces', async () => {
    const { dialog, user } = await createdPassword();
    expect(within(dialog).getByLabelText('App password')).toHaveTextContent('abcd efgh ijkl mnop');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('abcdefghijklmnop');
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  // A browser puts what the copy handler sets on the clipboard; user-event would drop it (it writes only when the
  // event is not prevented), so the event is fired by hand and the handler's data is read.
  it.each([
    ['the whole text', 0],
    ['from the second group on', 5],
  ] as const)('selecting %s and copying gives the letters without spaces', async (_, start) => {
    const { dialog } = await createdPassword();
    const textNode = within(dialog).getByLabelText('App password').firstChild!;
    const text = textNode.textContent ?? '';
    const range = document.createRange();
    range.setStart(textNode, start);
    range.setEnd(textNode, text.length);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    const setData = vi.fn();
    fireEvent.copy(document.activeElement ?? dialog, { clipboardData: { setData, getData: () => '' } });
    expect(setData).toHaveBeenCalledWith('text/plain', text.slice(start).replace(/ /g, ''));
  });
});
