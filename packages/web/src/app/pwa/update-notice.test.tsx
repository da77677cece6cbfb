import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBrowserOnline } from '../../test/connectivity';
import { renderWithProviders } from '../../test/render-app';
import {
  createServiceWorkerUpdates,
  type ServiceWorkerHost,
  type ServiceWorkerUpdates,
  type WorkboxLike,
} from './service-worker-updates';
import { UpdateNotice } from './update-notice';

/** workbox-window's Workbox as far as the app uses it, with the events a browser would send. */
function fakeWorkbox() {
  let onWaiting: (() => void) | null = null;
  const workbox = {
    register: vi.fn(() => Promise.resolve({})),
    update: vi.fn(() => Promise.resolve()),
    messageSkipWaiting: vi.fn(),
    addEventListener: (_type: 'waiting', listener: () => void) => {
      onWaiting = listener;
    },
  } satisfies WorkboxLike;
  return { workbox, newBuildWaiting: () => act(() => onWaiting?.()) };
}

/** navigator.serviceWorker: a page controlled by the current build's worker (or by none, on a first visit). */
function fakeHost(controlled = true) {
  let onControllerChange: (() => void) | null = null;
  const host: ServiceWorkerHost = {
    controller: controlled ? {} : null,
    addEventListener: (_type, listener) => {
      onControllerChange = listener;
    },
  };
  return { host, controllerChanged: () => act(() => onControllerChange?.()) };
}

const running: ServiceWorkerUpdates[] = [];
afterEach(() => {
  for (const updates of running.splice(0)) updates.dispose();
  vi.useRealTimers();
});

async function setUp(
  options: { controlled?: boolean; activationTimeoutMs?: number; checkEveryMs?: number } = {},
) {
  const reload = vi.fn();
  const updates = createServiceWorkerUpdates({
    reload,
    activationTimeoutMs: options.activationTimeoutMs ?? 10_000,
    checkEveryMs: options.checkEveryMs,
  });
  running.push(updates);
  const { workbox, newBuildWaiting } = fakeWorkbox();
  const { host, controllerChanged } = fakeHost(options.controlled ?? true);
  const app = await renderWithProviders(<UpdateNotice updates={updates} />);
  await act(() => updates.connect(workbox, host));
  return { app, reload, workbox, newBuildWaiting, controllerChanged };
}

const tooltip = () => screen.queryByRole('status', { name: 'A new version of Webmail is available.' });

describe('the update-available tooltip', () => {
  it('appears when a new build’s worker is waiting, and Reload activates it and reloads', async () => {
    const { app, reload, workbox, newBuildWaiting, controllerChanged } = await setUp();
    expect(workbox.register).toHaveBeenCalledOnce();
    expect(tooltip()).not.toBeInTheDocument();

    newBuildWaiting();
    expect(tooltip()).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Reload' }));

    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Reloading…' })).toBeDisabled();
    expect(reload).not.toHaveBeenCalled();
    controllerChanged(); // the new worker took over
    controllerChanged();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads the page anyway when the new worker does not take over', async () => {
    const { app, reload, newBuildWaiting } = await setUp({ activationTimeoutMs: 50 });
    newBuildWaiting();
    await app.user.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });

  it('Later closes it; the page stays on its build', async () => {
    const { app, reload, workbox, newBuildWaiting } = await setUp();
    newBuildWaiting();
    await app.user.click(screen.getByRole('button', { name: 'Later' }));
    expect(tooltip()).not.toBeInTheDocument();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads this tab too when another tab chose Reload (its lazy chunks belong to the old build)', async () => {
    const { reload, newBuildWaiting, controllerChanged } = await setUp();
    newBuildWaiting();
    controllerChanged();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('never reloads on a first visit, when the first worker starts without a prompt', async () => {
    const { reload, controllerChanged } = await setUp({ controlled: false });
    controllerChanged();
    expect(reload).not.toHaveBeenCalled();
    expect(tooltip()).not.toBeInTheDocument();
  });

  it('asks for a new build every 1800 s, not while offline', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { workbox } = await setUp();
    act(() => vi.advanceTimersByTime(1_799_000));
    expect(workbox.update).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(workbox.update).toHaveBeenCalledOnce();

    setBrowserOnline(false);
    act(() => vi.advanceTimersByTime(1_800_000));
    expect(workbox.update).toHaveBeenCalledOnce();
  });
});
