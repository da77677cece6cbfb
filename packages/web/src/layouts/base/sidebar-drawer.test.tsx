import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setViewportWidth } from '../../test/media-query';
import { renderWithProviders } from '../../test/render-app';
import { SidebarDrawer } from './sidebar-drawer';

function drawer(width: number, onWidthChange: (width: number) => void) {
  return (
    <SidebarDrawer
      id="sidebar"
      open
      onClose={() => {}}
      mobileHeader={null}
      width={width}
      onWidthChange={onWidthChange}
    >
      <p>Folders</p>
    </SidebarDrawer>
  );
}

/** The store of the width: it changes only when the test says (a real store answers a moment later). */
const store: { set: (width: number) => void } = { set: () => {} };

function Harness({ onWidthChange }: { onWidthChange: (width: number) => void }) {
  const [width, setWidth] = useState(256);
  useEffect(() => {
    store.set = setWidth;
  }, []);
  return drawer(width, onWidthChange);
}

describe('the sidebar', () => {
  it('shows a new width at once, before the stored width comes back, and the stored one after (a rollback too)', async () => {
    setViewportWidth(1440);
    const onWidthChange = vi.fn();
    // The stored width stays 256 until the test says otherwise: the store answers a moment later.
    await renderWithProviders(<Harness onWidthChange={onWidthChange} />);
    const edge = await screen.findByRole('separator');
    fireEvent.keyDown(edge, { key: 'ArrowRight' });
    expect(edge).toHaveAttribute('aria-valuenow', '272');
    fireEvent.keyDown(edge, { key: 'ArrowRight' });
    expect(edge).toHaveAttribute('aria-valuenow', '288');
    expect(onWidthChange.mock.calls).toEqual([[272], [288]]);

    act(() => store.set(288));
    expect(edge).toHaveAttribute('aria-valuenow', '288');
    // A failed save puts the old width back in the store: the sidebar follows it.
    act(() => store.set(256));
    expect(edge).toHaveAttribute('aria-valuenow', '256');
  });
});
