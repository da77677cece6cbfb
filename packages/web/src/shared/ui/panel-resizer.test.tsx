import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PanelResizer, resizeKeyStep } from './panel-resizer';

function Harness({
  initial,
  onResize,
}: {
  initial: number;
  onResize: (width: number, done: boolean) => void;
}) {
  const [width, setWidth] = useState(initial);
  return (
    <PanelResizer
      value={width}
      min={256}
      max={512}
      defaultValue={256}
      label="Resize the sidebar"
      onResize={(next, done) => {
        setWidth(next);
        onResize(next, done);
      }}
    />
  );
}

function setup(initial = 300) {
  const onResize = vi.fn();
  render(<Harness initial={initial} onResize={onResize} />);
  return { onResize, separator: screen.getByRole('separator', { name: 'Resize the sidebar' }) };
}

describe('the panel resizer', () => {
  it('is a focusable vertical separator that tells its width and bounds', () => {
    const { separator } = setup();
    expect(separator).toHaveAttribute('aria-orientation', 'vertical');
    expect(separator).toHaveAttribute('aria-valuenow', '300');
    expect(separator).toHaveAttribute('aria-valuemin', '256');
    expect(separator).toHaveAttribute('aria-valuemax', '512');
    expect(separator).toHaveAttribute('tabindex', '0');
  });

  it('moves by the arrow keys and jumps to the bounds with Home and End, never past them', async () => {
    const user = userEvent.setup();
    const { separator, onResize } = setup();
    separator.focus();
    await user.keyboard('{ArrowRight}');
    expect(separator).toHaveAttribute('aria-valuenow', String(300 + resizeKeyStep));
    expect(onResize).toHaveBeenLastCalledWith(300 + resizeKeyStep, true);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(separator).toHaveAttribute('aria-valuenow', '256');
    const calls = onResize.mock.calls.length;
    await user.keyboard('{ArrowLeft}');
    expect(onResize).toHaveBeenCalledTimes(calls);
    await user.keyboard('{End}');
    expect(separator).toHaveAttribute('aria-valuenow', '512');
    await user.keyboard('{ArrowRight}{PageUp}');
    expect(separator).toHaveAttribute('aria-valuenow', '512');
    await user.keyboard('{PageDown}');
    expect(separator).toHaveAttribute('aria-valuenow', String(512 - 4 * resizeKeyStep));
    await user.keyboard('{Home}');
    expect(separator).toHaveAttribute('aria-valuenow', '256');
  });

  it('moves on from the width just asked for when a key comes before the new width is shown', () => {
    // The width the page stores comes back a moment later (a query cache notifies on a timer): two quick presses
    // are two steps.
    const onResize = vi.fn();
    render(
      <PanelResizer value={400} min={256} max={512} defaultValue={256} label="Resize" onResize={onResize} />,
    );
    const separator = screen.getByRole('separator', { name: 'Resize' });
    fireEvent.keyDown(separator, { key: 'ArrowRight' });
    fireEvent.keyDown(separator, { key: 'ArrowRight' });
    expect(onResize.mock.calls).toEqual([
      [400 + resizeKeyStep, true],
      [400 + 2 * resizeKeyStep, true],
    ]);
  });

  it('follows a drag within the bounds and keeps the width when the drag ends', () => {
    const { separator, onResize } = setup();
    fireEvent.pointerDown(separator, { pointerId: 1, button: 0, clientX: 300 });
    fireEvent.pointerMove(separator, { pointerId: 1, clientX: 360 });
    expect(onResize).toHaveBeenLastCalledWith(360, false);
    fireEvent.pointerMove(separator, { pointerId: 1, clientX: 900 });
    expect(onResize).toHaveBeenLastCalledWith(512, false);
    fireEvent.pointerMove(separator, { pointerId: 1, clientX: 0 });
    expect(onResize).toHaveBeenLastCalledWith(256, false);
    fireEvent.pointerMove(separator, { pointerId: 1, clientX: 410 });
    fireEvent.pointerUp(separator, { pointerId: 1, clientX: 410 });
    expect(onResize).toHaveBeenLastCalledWith(410, true);
    expect(separator).toHaveAttribute('aria-valuenow', '410');
    // After the drag, moving the pointer does nothing.
    fireEvent.pointerMove(separator, { pointerId: 1, clientX: 200 });
    expect(separator).toHaveAttribute('aria-valuenow', '410');
  });

  it('goes back to the default width on a double-click', async () => {
    const user = userEvent.setup();
    const { separator, onResize } = setup(480);
    await user.dblClick(separator);
    expect(separator).toHaveAttribute('aria-valuenow', '256');
    expect(onResize).toHaveBeenLastCalledWith(256, true);
  });
});
