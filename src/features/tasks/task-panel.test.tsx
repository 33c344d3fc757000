import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TaskPanel, type TaskPanelProps } from './task-panel.tsx';

afterEach(cleanup);

const noop = () => {};
const props = (p: Partial<TaskPanelProps>): TaskPanelProps => ({
  taskId: 't1',
  status: 'working',
  createdAt: 0,
  polls: 0,
  updates: 0,
  answeredKeys: [],
  terminal: false,
  inFlight: false,
  autoPolling: false,
  source: 'leg',
  notifications: 0,
  now: () => 0,
  onPollNow: noop,
  onAutoPoll: noop,
  onStopAutoPoll: noop,
  onCancel: noop,
  onListen: noop,
  onStopListening: noop,
  ...p,
});

const interval = () => screen.getByText('Poll interval').nextElementSibling?.textContent;

describe('TaskPanel poll interval', () => {
  it('says the floor is used when the server asks for less', () => {
    render(<TaskPanel {...props({ pollIntervalMs: 1 })} />);
    expect(interval()).toBe('1 ms (from the server; the 250 ms floor is used)');
  });

  it('shows an interval at or above the floor as the server gave it', () => {
    render(<TaskPanel {...props({ pollIntervalMs: 500 })} />);
    expect(interval()).toBe('500 ms (from the server)');
  });

  it('counts the status notifications of a 2025-11-25 task', () => {
    render(<TaskPanel {...props({ era: '2025-11-25', answers: 0, notifications: 2 })} />);
    expect(screen.getByText('Notifications').nextElementSibling?.textContent).toBe(
      '2 notifications/tasks/status received',
    );
  });
});

describe('TaskPanel Cancel task', () => {
  it('is disabled and says why when the server does not offer tasks/cancel; a press sends nothing', () => {
    const onCancel = vi.fn();
    render(<TaskPanel {...props({ era: '2025-11-25', onCancel, cancelUnavailable: 'no tasks.cancel here' })} />);
    const cancel = screen.getByRole('button', { name: 'Cancel task' });
    expect(cancel.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(cancel.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'no tasks.cancel here',
    );
    fireEvent.click(cancel);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels when the server offers it', () => {
    const onCancel = vi.fn();
    render(<TaskPanel {...props({ era: '2025-11-25', onCancel })} />);
    const cancel = screen.getByRole('button', { name: 'Cancel task' });
    expect(cancel.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
