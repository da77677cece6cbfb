import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleTree } from '../test/folder.testing';
import { mailApi, signIn } from '../test/api-handlers.testing';
import { server } from '../test/msw-server';
import { renderApp } from '../test/render-app';

/** The mail area's code a signed-out visitor must not download: which of these modules were imported. */
const imported = vi.hoisted(() => new Set<string>());

vi.mock('../layouts/base/base-layout', async (importOriginal) => {
  imported.add('base-layout');
  return importOriginal();
});
vi.mock('../layouts/tab/tab-layout', async (importOriginal) => {
  imported.add('tab-layout');
  return importOriginal();
});
vi.mock('./routes/inbox-redirect.route', async (importOriginal) => {
  imported.add('inbox-redirect');
  return importOriginal();
});

const locationOf = (router: Awaited<ReturnType<typeof renderApp>>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('a signed-out visitor at / or an unknown path', () => {
  it.each(['/', '/no/such/page', '/u', '/nope?x=1'])(
    '%s goes straight to the password sign-in without loading the mail area',
    async (path) => {
      const { router, unmount } = await renderApp(path);

      await waitFor(() => expect(locationOf(router)).toBe('/login/password?reason=missingExpiryCookie'));
      // A first visit on this browser: the sign-in page, without a word about an ended session.
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
      expect(screen.queryByText(/you are not signed in/i)).not.toBeInTheDocument();
      expect([...imported]).toEqual([]);
      unmount();
    },
  );

  // Shows that the probe above sees the mail area's modules when they load.
  it('a signed-in visitor at / loads the mail area and lands in the Inbox', async () => {
    signIn(0);
    server.use(...mailApi({ tree: sampleTree(), messages: {} }).handlers);

    const { router } = await renderApp('/');

    // The file's first import of the whole mail area: slow to transform on a loaded machine.
    await waitFor(() => expect(locationOf(router)).toBe('/u/0/id-inbox'), { timeout: 15_000 });
    expect(imported).toContain('base-layout');
    expect(imported).toContain('inbox-redirect');
  });
});
