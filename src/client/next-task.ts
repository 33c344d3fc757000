/**
 * Resolves on a later task, so the page gets its turn (input, rendering) in between: a message to self where there are
 * message ports (no 4 ms clamp, unlike nested `setTimeout`), a zero timeout elsewhere.
 */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** What `afterFrame` needs of the page (a fake in tests). */
export interface FrameSource {
  requestAnimationFrame(callback: () => void): unknown;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const pageFrames = (): FrameSource | undefined =>
  typeof requestAnimationFrame === 'function'
    ? {
        requestAnimationFrame: (cb) => requestAnimationFrame(cb),
        setTimeout: (cb, ms) => setTimeout(cb, ms),
        clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      }
    : undefined;

/**
 * Resolves on a task after the page has drawn its next frame: before and after a step that takes tens of ms (joining
 * a 32 MB body, parsing a 5 MB one), so that step has a frame to itself instead of adding to the work already queued
 * in the current one (a message to self can run before the frame that is due). A hidden tab draws no frames: after
 * `maxWaitMs` without one it resolves anyway. Without `requestAnimationFrame` (Node), on the next task.
 */
export function afterFrame(maxWaitMs = 100, frames: FrameSource | undefined = pageFrames()): Promise<void> {
  if (!frames) return nextTask();
  return new Promise((resolve) => {
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      frames.clearTimeout(timer);
      resolve();
    };
    const timer = frames.setTimeout(finish, maxWaitMs);
    // a message posted from the frame's callback runs after that frame is painted
    frames.requestAnimationFrame(() => void nextTask().then(finish));
  });
}
