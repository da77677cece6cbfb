import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectivity, reportNetworkError, reportServerAnswer } from '../../shared/network/connectivity';
import { setBrowserOnline } from '../../test/connectivity';
import { connectConnectivity, probeDelaysMs, type ConnectivityWiring } from './connect-connectivity';

let wiring: ConnectivityWiring | null = null;
afterEach(() => {
  wiring?.dispose();
  wiring = null;
  vi.useRealTimers();
});

describe('connectivity wiring', () => {
  it('pauses TanStack Query while offline or unreachable', () => {
    wiring = connectConnectivity(() => Promise.resolve());
    expect(onlineManager.isOnline()).toBe(true);
    setBrowserOnline(false);
    expect(onlineManager.isOnline()).toBe(false);
    setBrowserOnline(true);
    expect(onlineManager.isOnline()).toBe(true);
    reportNetworkError();
    expect(onlineManager.isOnline()).toBe(false);
    reportServerAnswer();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('asks the server again, backing off, while it cannot be reached', async () => {
    vi.useFakeTimers();
    let answers = false;
    const probe = vi.fn(async () => {
      if (!answers) return reportNetworkError();
      reportServerAnswer();
    });
    wiring = connectConnectivity(probe);

    reportNetworkError();
    await vi.advanceTimersByTimeAsync(probeDelaysMs[0] - 1);
    expect(probe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(probeDelaysMs[1]);
    expect(probe).toHaveBeenCalledTimes(2);

    answers = true;
    await vi.advanceTimersByTimeAsync(probeDelaysMs[2]);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(connectivity()).toBe('online');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it('leaves the asking to the browser while it is offline', async () => {
    vi.useFakeTimers();
    const probe = vi.fn(() => Promise.resolve());
    wiring = connectConnectivity(probe);
    setBrowserOnline(false);
    reportNetworkError();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(probe).not.toHaveBeenCalled();
  });
});
