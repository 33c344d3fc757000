import { describe, expect, it } from 'vitest';
import { listenParams, readListenMessage } from './notifications.ts';

const note = (method: string, params: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', method, params });
const sub = { _meta: { 'io.modelcontextprotocol/subscriptionId': 12 } };

describe('task status notifications', () => {
  it('asks for the task ids under notifications.taskIds when it opens a listen stream', () => {
    expect(listenParams(['t1'])).toEqual({ notifications: { taskIds: ['t1'] } });
  });

  it('reads the acknowledged task ids and the subscription id when the server acknowledges', () => {
    const ack = readListenMessage(
      note('notifications/subscriptions/acknowledged', { ...sub, notifications: { taskIds: ['t1', 7] } }),
    );
    expect(ack).toEqual({ kind: 'ack', taskIds: ['t1'], subscriptionId: 12 });
    expect(readListenMessage(note('notifications/subscriptions/acknowledged', { notifications: {} }))).toEqual({
      kind: 'ack',
      taskIds: [],
    });
  });

  it('reads the whole task without its _meta when notifications/tasks arrives', () => {
    const m = readListenMessage(
      note('notifications/tasks', { ...sub, taskId: 't1', status: 'completed', result: { content: [] } }),
    );
    expect(m).toEqual({
      kind: 'task',
      subscriptionId: 12,
      task: { taskId: 't1', status: 'completed', result: { content: [] } },
    });
  });

  it('says what is wrong when a notified task does not read', () => {
    expect(readListenMessage(note('notifications/tasks', { taskId: 't1', status: 'failed' }))).toEqual({
      kind: 'bad-task',
      reason: 'a failed task must carry its error inline ({code, message})',
    });
  });

  it('reads the listen response as the end of the stream, with the error when the server refused it', () => {
    expect(readListenMessage(JSON.stringify({ jsonrpc: '2.0', id: 3, result: { resultType: 'complete' } }))).toEqual({
      kind: 'end',
    });
    expect(
      readListenMessage(
        JSON.stringify({ jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } }),
      ),
    ).toEqual({ kind: 'end', error: { code: -32601, message: 'Method not found' } });
  });

  it('passes other notifications and text that is not JSON through as other', () => {
    expect(readListenMessage(note('notifications/tools/list_changed', {}))).toEqual({
      kind: 'other',
      method: 'notifications/tools/list_changed',
    });
    expect(readListenMessage('not json')).toEqual({ kind: 'other' });
  });
});
