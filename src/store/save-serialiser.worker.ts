/**
 * Worker entry: autosave's serialising off the page's main thread (see save-serialiser.ts). Gets one structured-cloned
 * leg or conversation per message and posts back its redacted JSON; the work itself is the pure `serialiseItem`.
 */
import { serialiseItem, type SerialiseReply, type SerialiseRequest } from './save-serialiser.ts';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<SerialiseRequest>) => void) | null;
  postMessage(message: SerialiseReply): void;
};

scope.onmessage = (event) => {
  const req = event.data;
  try {
    scope.postMessage({ id: req.id, json: serialiseItem(req) });
  } catch (err) {
    scope.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) });
  }
};
