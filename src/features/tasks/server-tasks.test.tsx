import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerTasks } from './server-tasks.tsx';

afterEach(cleanup);

describe('ServerTasks', () => {
  it('lists nothing until asked, then each task with its status and message, and names entries that are not tasks', () => {
    const onList = vi.fn();
    const { rerender } = render(<ServerTasks loading={false} onList={onList} />);
    expect(screen.queryByRole('list', { name: 'Tasks the server lists' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'List tasks' }));
    expect(onList).toHaveBeenCalledTimes(1);
    const list = {
      tasks: [
        { taskId: 'a', status: 'working' as const, statusMessage: '<b>Gathering</b>' },
        { taskId: 'b', status: 'completed' as const },
      ],
      problems: ['tasks[2]: the task has no taskId (string)'],
    };
    rerender(<ServerTasks loading={false} onList={onList} list={list} />);
    const items = within(screen.getByRole('list', { name: 'Tasks the server lists' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['aworking<b>Gathering</b>', 'bcompleted']);
    expect(screen.getByText('Not a task: tasks[2]: the task has no taskId (string)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'List tasks again' })).toBeTruthy();
  });

  it('says why a listing failed, and sends nothing more while one is under way', () => {
    const onList = vi.fn();
    render(<ServerTasks loading onList={onList} error="tasks/list: JSON-RPC error -32601: Method not found" />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not list tasks: tasks/list: JSON-RPC error -32601: Method not found',
    );
    fireEvent.click(screen.getByRole('button', { name: 'List tasks' }));
    expect(onList).not.toHaveBeenCalled();
  });
});
