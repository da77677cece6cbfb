import { act, screen, waitFor, within } from '@testing-library/react';
import { defaultUserConfig, type UserDetails, type UserDetailsPatch } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { securityApi } from '../security/security.testing';
import { buildUserDetails, mailApi, requestLog, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { onboardingStart } from './lib/onboarding-start';

/** A user who has not completed onboarding, first signed in with `initialVersion`, on a screen `width` wide. */
function setup(options: { initialVersion: number; width?: number; completed?: boolean }) {
  signIn(0);
  setViewportWidth(options.width ?? 1280);
  const base = buildUserDetails();
  let details: UserDetails = buildUserDetails({
    meta: {
      ...base.meta,
      onBoardingCompleted: options.completed ?? false,
      initialVersion: options.initialVersion,
    },
  });
  const { requests, record } = requestLog();
  server.use(
    http.get('/api/u/:userIndex/config', () => HttpResponse.json(defaultUserConfig)),
    http.get('/api/u/:userIndex/details', async ({ request }) => {
      await record(request);
      return HttpResponse.json(details);
    }),
    http.patch('/api/u/:userIndex/details', async ({ request }) => {
      await record(request);
      const patch = (await request.json()) as UserDetailsPatch;
      details = {
        ...details,
        meta: { ...details.meta, onBoardingCompleted: patch.onBoardingCompleted ?? false },
      };
      return HttpResponse.json(details);
    }),
    ...mailApi({ tree: sampleTree(), messages: {} }).handlers,
    // The last step opens the security page.
    ...securityApi().handlers,
  );
  const patches = () => requests.filter((r) => r.method === 'PATCH').map((r) => r.body);
  const detailsRead = () => requests.some((r) => r.method === 'GET');
  return { patches, detailsRead };
}

/** A step of the tour: react-joyride draws each as a modal alert dialog named by its title. */
const tourStep = (name: string, timeout = 5000) => screen.findByRole('alertdialog', { name }, { timeout });

describe('onboarding rules', () => {
  it('welcomes version 3, opens the tour for other versions, never on mobile or once completed', () => {
    expect(onboardingStart({ onBoardingCompleted: false, initialVersion: 3 }, true)).toBe('welcome');
    expect(onboardingStart({ onBoardingCompleted: false, initialVersion: 2 }, true)).toBe('tour');
    expect(onboardingStart({ onBoardingCompleted: false, initialVersion: 3 }, false)).toBeNull();
    expect(onboardingStart({ onBoardingCompleted: true, initialVersion: 2 }, true)).toBeNull();
  });
});

describe('onboarding in the app', () => {
  it('welcomes a version-3 user; Skip saves it as completed and goes through the tab route to the inbox', async () => {
    const { patches } = setup({ initialVersion: 3 });
    const { router, user } = await renderApp('/u/0/id-inbox');

    const welcome = await screen.findByRole('dialog', { name: 'Welcome to Webmail' }, { timeout: 15_000 });
    await user.click(within(welcome).getByRole('button', { name: 'Skip' }));

    await waitFor(() => expect(patches()).toEqual([{ onBoardingCompleted: true }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/id-inbox'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('dialog', { name: 'Welcome to Webmail' })).not.toBeInTheDocument();
  });

  it('starts the tour from the welcome modal', async () => {
    setup({ initialVersion: 3 });
    const { user } = await renderApp('/u/0/id-inbox');
    await user.click(await screen.findByRole('button', { name: 'Start the tour' }));
    const step = await tourStep('Welcome');
    expect(within(step).getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(within(step).getByText('Step 1 of 5')).toBeInTheDocument();
  });

  it('opens the tour directly for another version: Next walks the five steps, the last reads Done and finishes', async () => {
    const { patches } = setup({ initialVersion: 2 });
    const { router, user } = await renderApp('/u/0/id-inbox');
    expect(screen.queryByRole('button', { name: 'Start the tour' })).not.toBeInTheDocument();

    const titles = ['Welcome', 'Folders', 'Quick settings', 'All settings', 'Security'];
    for (const [i, title] of titles.entries()) {
      // The security step opens the settings page first (loaded on demand).
      const step = await tourStep(title, title === 'Security' || i === 0 ? 15_000 : 5000);
      expect(within(step).getByText(`Step ${i + 1} of 5`)).toBeInTheDocument();
      const last = i === titles.length - 1;
      expect(within(step).queryByRole('button', { name: 'Done' }) !== null).toBe(last);
      if (title === 'Security') expect(router.state.location.pathname).toBe('/u/0/settings/security/2fa');
      await user.click(within(step).getByRole('button', { name: last ? 'Done' : 'Next' }));
    }

    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/id-inbox'));
    expect(patches()).toEqual([{ onBoardingCompleted: true }]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  }, 60_000);

  it('ends on Escape as Skip does: saved once, back to the inbox', async () => {
    const { patches } = setup({ initialVersion: 2 });
    const { router, user } = await renderApp('/u/0/settings/account');
    await tourStep('Welcome', 15_000);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/id-inbox'));
    expect(patches()).toEqual([{ onBoardingCompleted: true }]);
  });

  it('closes when the screen becomes mobile, without saving, and is not shown on mobile', async () => {
    const { patches } = setup({ initialVersion: 2 });
    await renderApp('/u/0/id-inbox');
    await tourStep('Welcome');

    act(() => setViewportWidth(360));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(patches()).toEqual([]);
  });

  it('is not offered on a phone', async () => {
    const { detailsRead } = setup({ initialVersion: 3, width: 360 });
    await renderApp('/u/0/id-inbox');
    await waitFor(() => expect(detailsRead()).toBe(true));
    // The phone's app bar: search folded to a button.
    await screen.findByRole('button', { name: 'Search mail' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
