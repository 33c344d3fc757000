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
