import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock.fixtures.ts';
import { createTaskStore } from './task-store.ts';

describe('task store on a manual clock', () => {
  it('stamps tasks with the clock, runs their jobs on it and forgets them once their TTL passed', async () => {
    const clock = createManualClock(Date.UTC(2026, 6, 28));
    const store = createTaskStore({ clock, ttlMs: 60_000 });
    const created = store.create(async (job) => {
      await job.sleep(1000);
      return { content: [{ type: 'text', text: 'done' }] };
    });
    const taskId = created.taskId as string;
    expect(created.createdAt).toBe('2026-07-28T00:00:00.000Z');
    await clock.advance(999);
    expect(store.get(taskId)?.status).toBe('working');
    await clock.advance(1);
    expect(store.get(taskId)).toMatchObject({ status: 'completed', lastUpdatedAt: '2026-07-28T00:00:01.000Z' });
    await clock.advance(59_000);
    expect(store.get(taskId)?.status).toBe('completed');
    await clock.advance(1);
    expect(store.get(taskId)).toBeUndefined();
  });

  it('stops a sleeping job when the task is cancelled', async () => {
    const clock = createManualClock(0);
    const store = createTaskStore({ clock });
    let finished = false;
    const { taskId } = store.create(async (job) => {
      await job.sleep(1000);
      finished = true;
      return { content: [] };
    });
    store.cancel(taskId as string);
    await clock.advance(5000);
    expect(finished).toBe(false);
    expect(store.get(taskId as string)?.status).toBe('cancelled');
    expect(clock.sleeping).toBe(0);
  });
});
