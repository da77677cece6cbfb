import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import type { SnackbarApi } from './snackbar-context';
import { toSnackbarMessage } from './snackbar-message';
import { useSnackbar } from './use-snackbar';

const holder: { api: SnackbarApi | null } = { api: null };
function Capture() {
  const snackbar = useSnackbar();
  useEffect(() => {
    holder.api = snackbar;
  }, [snackbar]);
  return null;
}
const api = () => holder.api!;

afterEach(() => vi.useRealTimers());

describe('snackbar', () => {
  it('replaces an earlier message with the same text and closes after its timeout', async () => {
    await renderWithProviders(<Capture />);
    vi.useFakeTimers();

    act(() => {
      api().show({ type: 'error', message: 'Request failed' });
      api().show({ type: 'info', message: 'Other' });
      api().show({ type: 'error', message: 'Request failed' });
    });
    expect(screen.getAllByText('Request failed')).toHaveLength(1);
    expect(screen.getByText('Other')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Request failed')).not.toBeInTheDocument();
    expect(screen.queryByText('Other')).not.toBeInTheDocument();
  });

  it('keeps a message without timeout until an action or close removes it', async () => {
    const retry = vi.fn();
    const { user } = await renderWithProviders(<Capture />);

    act(() => {
      api().show({
        type: 'attention',
        message: 'Offline',
        timeout: null,
        key: 'offline',
        actions: [{ label: 'Retry', onClick: retry }],
      });
    });
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(retry).toHaveBeenCalledOnce();
    expect(screen.queryByText('Offline')).not.toBeInTheDocument();
  });

  it('refuses a persistent message that nobody could remove (spec §5)', () => {
    expect(() => toSnackbarMessage({ type: 'info', message: 'x', timeout: null })).toThrow();
    expect(() =>
      toSnackbarMessage({
        type: 'info',
        message: 'x',
        timeout: null,
        actions: [{ label: 'a', onClick: () => {} }],
      }),
    ).toThrow(/key/);
  });
});
