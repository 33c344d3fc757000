/**
 * Keys typed before the field they are meant for exists. After a pick in the catalog, focus moves to the first
 * argument once the form has rendered (it may load lazily); a person who types at once would lose the first keys to
 * the button they clicked (and a Space there would click it again). While `holding()` says the keys are not meant for
 * where focus is (the catalog or nowhere), printable keys are held instead; `release(field)` types them into the field
 * focus moved to, at its caret, as one insertion (an `input` event, so a React-controlled field sees it).
 */

export interface TypedAhead {
  /** types the held text into `el` (an input or textarea) and stops holding; returns what it typed */
  release: (el: Element) => string;
  /** stops holding and forgets the held text */
  stop: () => void;
}

/** A key that types one character (no Ctrl/Meta/Alt chord, not Enter, Tab or an arrow). */
function printable(e: KeyboardEvent): boolean {
  return e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && !e.isComposing;
}

function insertText(el: HTMLInputElement | HTMLTextAreaElement, text: string, doc: Document): void {
  // the browser's own insertion: at the caret, one undo step, and the input event React listens to
  if (doc.activeElement === el && doc.execCommand?.('insertText', false, text)) return;
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  setValue?.call(el, el.value + text);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Holds printable keys while `holding(activeElement)` is true, for at most `timeoutMs` (default 5 s, the longest wait
 * for a field to appear); the first key pressed while it is false ends the hold, so keys go back to working as usual.
 */
export function holdTypedAhead(
  holding: (active: Element | null) => boolean,
  doc: Document = document,
  timeoutMs = 5_000,
): TypedAhead {
  let text = '';
  let stopped = false;
  const held = new Set<string>();
  const onKeyDown = (e: KeyboardEvent) => {
    if (stopped || e.defaultPrevented) return;
    if (!holding(doc.activeElement)) return stop();
    if (!printable(e)) return;
    e.preventDefault();
    e.stopPropagation();
    held.add(e.code);
    text += e.key;
  };
  // a held Space must not reach the button on key up either (buttons activate on Space's keyup)
  const onKeyUp = (e: KeyboardEvent) => {
    if (!held.delete(e.code)) return;
    e.preventDefault();
    e.stopPropagation();
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(deadline);
    text = '';
    doc.removeEventListener('keydown', onKeyDown, true);
    // keys still down when holding stops are let go quietly a moment later
    if (held.size === 0) doc.removeEventListener('keyup', onKeyUp, true);
    else setTimeout(() => doc.removeEventListener('keyup', onKeyUp, true), 1000);
  };
  const deadline = setTimeout(stop, timeoutMs);
  doc.addEventListener('keydown', onKeyDown, true);
  doc.addEventListener('keyup', onKeyUp, true);
  return {
    release: (el) => {
      const typed = text;
      stop();
      if (typed && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) insertText(el, typed, doc);
      return typed;
    },
    stop,
  };
}
