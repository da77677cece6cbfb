import IconButton from '@mui/material/IconButton';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from './tooltip';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

// Twice: a closing tooltip leaves after its exit transition, whose timer starts once React has committed the close.
const later = async (ms: number) => {
  await act(() => vi.advanceTimersByTime(ms));
  await act(() => vi.advanceTimersByTime(ms));
};

describe('Tooltip', () => {
  it('names its element by the title and mounts no tooltip until the element is pointed at', async () => {
    render(
      <Tooltip title="Refresh">
        <IconButton>↻</IconButton>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Refresh' });
    expect(document.querySelector('[role="tooltip"]')).toBeNull();

    fireEvent.mouseOver(button);
    await later(100);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Refresh');
    // The element stayed the same node: focus and hover are kept when the tooltip mounts.
    expect(screen.getByRole('button', { name: 'Refresh' })).toBe(button);

    fireEvent.mouseLeave(button);
    await later(500);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('describes its element with describeChild: a title while closed, the tooltip while open', async () => {
    render(
      <Tooltip title="Monday 30 November 2026, 10:00" describeChild>
        <span>10:00</span>
      </Tooltip>,
    );
    const date = screen.getByText('10:00');
    expect(date).toHaveAttribute('title', 'Monday 30 November 2026, 10:00');
    expect(date).not.toHaveAttribute('aria-label');

    fireEvent.mouseOver(date);
    await later(100);
    const tooltip = screen.getByRole('tooltip');
    expect(date).not.toHaveAttribute('title');
    expect(date).toHaveAttribute('aria-describedby', tooltip.id);
  });

  it('keeps the element’s own handlers and name, and closes on Escape', async () => {
    const onMouseOver = vi.fn();
    render(
      <Tooltip title="More actions">
        <IconButton aria-label="Actions" onMouseOver={onMouseOver}>
          ⋮
        </IconButton>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Actions' });
    fireEvent.mouseOver(button);
    expect(onMouseOver).toHaveBeenCalledTimes(1);
    await later(100);
    expect(screen.getByRole('tooltip')).toHaveTextContent('More actions');

    fireEvent.keyDown(document, { key: 'Escape' });
    await later(500);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows nothing for a tap, the tooltip for a held touch', async () => {
    render(
      <Tooltip title="Flag">
        <IconButton>⚑</IconButton>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Flag' });
    fireEvent.touchStart(button);
    await later(200);
    fireEvent.touchEnd(button);
    fireEvent.mouseOver(button); // the browser's emulated mouse events after a tap
    await later(300);
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.touchStart(button);
    await later(700);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Flag');
    fireEvent.touchEnd(button);
    await later(1500 + 500);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('follows `open` when controlled, and reports opening and closing', async () => {
    function Controlled() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Tooltip title="Select all" open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
            <IconButton>☐</IconButton>
          </Tooltip>
          <button type="button" onClick={() => setOpen(false)}>
            close
          </button>
        </>
      );
    }
    render(<Controlled />);
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Select all' }));
    await later(100);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Select all');
    fireEvent.click(screen.getByRole('button', { name: 'close' }));
    await later(500);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
