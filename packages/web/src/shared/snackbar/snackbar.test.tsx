import { hexToRgb } from '@mui/material/styles';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import type { SnackbarApi, SnackbarMessage } from './snackbar-context';
import {
  addSnackbarMessage,
  removeSnackbarMessage,
  snackbarSeverity,
  toSnackbarMessage,
} from './snackbar-message';
import { useSnackbar } from './use-snackbar';
import { themePalettes } from '../ui/theme-palettes';

const holder: { api: SnackbarApi | null } = { api: null };
function Capture() {
  const snackbar = useSnackbar();
  useEffect(() => {
    holder.api = snackbar;
  }, [snackbar]);
  return null;
}
const api = () => holder.api!;
const retryAction = (onClick = () => {}) => ({ label: 'Retry', onClick });

afterEach(() => vi.useRealTimers());

describe('snackbar message rules', () => {
  it('gives each type its alert colour; error is the alert-error colour; a caller may set another', () => {
    expect(snackbarSeverity).toEqual({
      error: 'error',
      attention: 'warning',
      success: 'success',
      info: 'info',
    });
    expect(toSnackbarMessage({ type: 'error', message: 'x' }).color).toBeNull();
    expect(toSnackbarMessage({ type: 'info', message: 'x', color: '#123456' }).color).toBe('#123456');
  });

  it('closes after 5000 ms unless told otherwise', () => {
    expect(toSnackbarMessage({ type: 'info', message: 'x' }).timeout).toBe(5000);
    expect(toSnackbarMessage({ type: 'info', message: 'x', timeout: 10_000 }).timeout).toBe(10_000);
  });

  it('lays the actions out below the message whenever there are actions', () => {
    expect(toSnackbarMessage({ type: 'info', message: 'x' }).vertical).toBe(false);
    expect(toSnackbarMessage({ type: 'info', message: 'x', actions: [retryAction()] }).vertical).toBe(true);
  });

  it('refuses a message without timeout that has no actions, or no key', () => {
    expect(() => toSnackbarMessage({ type: 'info', message: 'x', timeout: null })).toThrow(/actions/);
    expect(() =>
      toSnackbarMessage({ type: 'info', message: 'x', timeout: null, actions: [retryAction()] }),
    ).toThrow(/key/);
    expect(() =>
      toSnackbarMessage({ type: 'info', message: 'x', timeout: null, key: 'k', actions: [retryAction()] }),
    ).not.toThrow();
    expect(() => toSnackbarMessage({ type: 'info', message: 'x', timeout: 0 })).toThrow(/timeout/);
  });

  it('replaces an earlier message with the same text or key, and every one that closes by itself', () => {
    const waiting = (message: string, key: string) =>
      toSnackbarMessage({ type: 'error', message, key, timeout: null, actions: [retryAction()] });
    const a = waiting('Request failed', 'a');
    const b = waiting('Other', 'b');
    const c = toSnackbarMessage({ type: 'error', message: 'Request failed' });
    const d = toSnackbarMessage({ type: 'success', message: 'Saved' });
    const e = toSnackbarMessage({ type: 'info', message: 'Restored', key: 'b' });

    const list = [a, b, c, d, e].reduce(addSnackbarMessage, [] as SnackbarMessage[]);

    expect(list).toEqual([e]);
    expect([a, b, d].reduce(addSnackbarMessage, [] as SnackbarMessage[])).toEqual([a, b, d]);
  });

  it('keeps one passing notice of many, the newest; those waiting for an action stay beside it', () => {
    const waiting = toSnackbarMessage({
      type: 'attention',
      message: 'Connection broken',
      key: 'stream',
      timeout: null,
      actions: [retryAction()],
    });
    for (const type of ['success', 'info', 'error', 'attention'] as const) {
      const passing = Array.from({ length: 5 }, (_, i) =>
        toSnackbarMessage({ type, message: `${type} ${i}` }),
      );
      const list = [waiting, ...passing].reduce(addSnackbarMessage, [] as SnackbarMessage[]);
      expect(list).toEqual([waiting, passing[4]]);
    }
  });

  it('shows a message waiting for an action beside the passing notice, not instead of it', () => {
    const changed = toSnackbarMessage({ type: 'success', message: 'Password changed' });
    const liveOff = toSnackbarMessage({
      type: 'info',
      message: 'Live updates are off',
      key: 'live-mail-0',
      timeout: null,
      actions: [retryAction()],
    });
    expect([changed, liveOff].reduce(addSnackbarMessage, [] as SnackbarMessage[])).toEqual([
      changed,
      liveOff,
    ]);
    // Its owner updating it (same key) still replaces it.
    const again = toSnackbarMessage({
      type: 'info',
      message: 'Live updates are off again',
      key: 'live-mail-0',
      timeout: null,
      actions: [retryAction()],
    });
    expect([changed, liveOff, again].reduce(addSnackbarMessage, [] as SnackbarMessage[])).toEqual([
      changed,
      again,
    ]);
  });

  it('removes by key', () => {
    const a = toSnackbarMessage({ type: 'info', message: 'a', key: 'one' });
    const b = toSnackbarMessage({ type: 'info', message: 'b', key: 'two' });

    expect(removeSnackbarMessage([a, b], 'one')).toEqual([b]);
    expect(removeSnackbarMessage([a, b], 'none')).toEqual([a, b]);
  });
});

describe('snackbar stack', () => {
  it('shows one of five notices shown in a row, the newest, on its own timer', async () => {
    await renderWithProviders(<Capture />);
    vi.useFakeTimers();

    act(() => {
      for (let i = 1; i <= 5; i += 1) api().show({ type: 'success', message: `Filter ${i} moved` });
    });

    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Filter 5 moved');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Filter 5 moved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('replaces an earlier message with the same text and closes it after its own timeout', async () => {
    await renderWithProviders(<Capture />);
    vi.useFakeTimers();

    act(() => {
      api().show({
        type: 'info',
        message: 'Other',
        key: 'other',
        timeout: null,
        actions: [retryAction()],
      });
      api().show({ type: 'error', message: 'Request failed' });
    });
    act(() => vi.advanceTimersByTime(3000));
    act(() => void api().show({ type: 'error', message: 'Request failed' }));
    expect(screen.getAllByText('Request failed')).toHaveLength(1);

    // The replacement has its own 5 s from now; the first one's timer no longer closes it.
    act(() => vi.advanceTimersByTime(2500));
    expect(screen.getByText('Request failed')).toBeInTheDocument();
    expect(screen.getByText('Other')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(2500));
    expect(screen.queryByText('Request failed')).not.toBeInTheDocument();
    // The one waiting for its action is still there.
    expect(screen.getByText('Other')).toBeInTheDocument();
  });

  it('removes a message by its key', async () => {
    await renderWithProviders(<Capture />);

    act(() => void api().show({ type: 'success', message: 'Saved', key: 'save' }));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => api().close('save'));

    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('shows an error in the alert-error colour with the alert icon', async () => {
    await renderWithProviders(<Capture />);

    act(() => void api().show({ type: 'error', message: 'Broken' }));

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Broken');
    expect(alert).toHaveAttribute('data-snackbar-type', 'error');
    expect(within(alert).getByTestId('ErrorOutlinedIcon')).toBeInTheDocument();
    // The app's default theme (blue, light): its error colour.
    expect(alert).toHaveStyle({ backgroundColor: hexToRgb(themePalettes.blue.error.main) });
  });

  it('takes the background colour a caller gives', async () => {
    await renderWithProviders(<Capture />);

    act(() => void api().show({ type: 'info', message: 'Custom', color: 'rgb(10, 20, 30)' }));

    expect(screen.getByRole('status')).toHaveStyle({ backgroundColor: 'rgb(10, 20, 30)' });
  });

  it('shows info and success as status messages with their own icons', async () => {
    await renderWithProviders(<Capture />);

    act(() => void api().show({ type: 'info', message: 'FYI' }));
    expect(within(screen.getByRole('status')).getByTestId('InfoOutlinedIcon')).toBeInTheDocument();
    act(() => void api().show({ type: 'success', message: 'Done' }));
    expect(within(screen.getByRole('status')).getByTestId('CheckCircleOutlinedIcon')).toBeInTheDocument();
    act(() => void api().show({ type: 'attention', message: 'Careful' }));
    expect(within(screen.getByRole('alert')).getByTestId('WarningAmberIcon')).toBeInTheDocument();
  });

  it('keeps a message without timeout until an action removes it; each action has its colour', async () => {
    const retry = vi.fn();
    const { user } = await renderWithProviders(<Capture />);

    act(() => {
      api().show({
        type: 'attention',
        message: 'Offline',
        timeout: null,
        key: 'offline',
        actions: [
          { label: 'Retry', onClick: retry, color: 'rgb(1, 2, 3)' },
          { label: 'Details', onClick: () => {}, color: 'rgb(4, 5, 6)' },
        ],
      });
    });
    const retryButton = screen.getByRole('button', { name: 'Retry' });
    expect(retryButton).toHaveStyle({ color: 'rgb(1, 2, 3)' });
    expect(screen.getByRole('button', { name: 'Details' })).toHaveStyle({ color: 'rgb(4, 5, 6)' });

    await user.click(retryButton);

    expect(retry).toHaveBeenCalledOnce();
    expect(screen.queryByText('Offline')).not.toBeInTheDocument();
  });

  it('refuses at enqueue time a persistent message that nobody could remove', async () => {
    await renderWithProviders(<Capture />);

    expect(() => api().show({ type: 'info', message: 'x', timeout: null })).toThrow();
    expect(() => api().show({ type: 'info', message: 'x', timeout: null, actions: [retryAction()] })).toThrow(
      /key/,
    );
    expect(screen.queryByText('x')).not.toBeInTheDocument();
  });

  it('keeps the controls under the snackbars free: the lane they take is set while one is open, and cleared', async () => {
    await renderWithProviders(<Capture />);
    const lane = () => document.documentElement.style.getPropertyValue('--snackbar-lane');
    expect(lane()).toBe('0px');
    act(() => api().show({ type: 'success', message: 'Moved', key: 'moved', timeout: 5000 }));
    await screen.findByText('Moved');
    expect(parseInt(lane(), 10)).toBeGreaterThan(0);
    act(() => api().close('moved'));
    await waitFor(() => expect(lane()).toBe('0px'));
  });
});
