/**
 * Moving keyboard focus to where a step of the call flow continues (WAI-ARIA practice: after an action that replaces
 * or removes the control the user was on, focus goes to where the work goes on, not to the document body).
 *
 * The place to go often renders a moment later (a lazily loaded view, a form still loading), and the control the user
 * acted on may be removed or re-rendered meanwhile. So `moveFocusWhenReady` watches the page (a MutationObserver, no
 * polling): on every change it asks `find` for the target and focuses it once it is there. It never takes focus from
 * the user: as soon as focus rests anywhere other than the body, the origin (`from`, the control or container the
 * user acted in) or the element it moved focus to, it stops. For a short while after focusing it keeps watch, so a
 * target replaced by a re-render is focused again.
 */

export interface MoveFocusOptions {
  /** where the user acted (a button, or a container of it); focus moves only while it is here or nowhere */
  from?: Element | null;
  /** the longest wait for a target, ms; default 5000 */
  timeoutMs?: number;
  /** how long to keep watch after focusing, ms; default 600 */
  settleMs?: number;
  doc?: Document;
  /** told once, when focus first moves to the target */
  onFocused?: (el: HTMLElement) => void;
}

/** True when the element can take focus now: attached, not disabled, not hidden by `hidden`/`inert`. */
function canFocus(el: Element | null | undefined): el is HTMLElement {
  if (!el || !el.isConnected || !(el instanceof HTMLElement)) return false;
  if ((el as HTMLButtonElement).disabled) return false;
  if (el.closest('[hidden],[inert]')) return false;
  return true;
}

/** Focuses `el`, first making a group, region or heading focusable from script only (`tabindex="-1"`). */
function focusElement(el: HTMLElement): void {
  if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus();
}

/**
 * Focuses what `find` returns once it can take focus, looking now and on every change to the page. Returns a function
 * that stops early (call it when the flow is abandoned; a stopped or finished watch never moves focus again).
 */
export function moveFocusWhenReady(find: () => Element | null | undefined, opts: MoveFocusOptions = {}): () => void {
  const doc = opts.doc ?? document;
  const from = opts.from ?? null;
  const settleMs = opts.settleMs ?? 600;
  let focused: HTMLElement | null = null;
  let settle: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const observer = new MutationObserver(() => check());

  const stop = () => {
    if (stopped) return;
    stopped = true;
    observer.disconnect();
    clearTimeout(deadline);
    clearTimeout(settle);
  };
  /** focus is where the user left it (or lost): moving it takes nothing from them */
  const mayMove = () => {
    const active = doc.activeElement;
    if (active === null || active === doc.body) return true;
    if (focused !== null && active === focused) return true;
    return from !== null && (active === from || from.contains(active));
  };
  const check = () => {
    if (stopped) return;
    if (!mayMove()) return stop();
    if (focused && doc.activeElement === focused && focused.isConnected) return;
    const target = find();
    if (!canFocus(target) || doc.activeElement === target) return;
    focusElement(target);
    const first = !focused;
    if (first) settle = setTimeout(stop, settleMs);
    focused = target;
    if (first) opts.onFocused?.(target);
  };
  const deadline = setTimeout(stop, opts.timeoutMs ?? 5_000);
  observer.observe(doc.documentElement, { childList: true, subtree: true, attributes: true });
  check();
  return stop;
}

/** The first input request still waiting for an answer (its group), if any is shown. */
export function firstPendingRequest(doc: Document = document): HTMLElement | null {
  return doc.querySelector<HTMLElement>('[data-input-request][data-answered="false"]');
}

/** The region named `name` (the accessible-name contract: `aria-label`). */
export function regionNamed(name: string, doc: Document = document): HTMLElement | null {
  for (const el of doc.querySelectorAll<HTMLElement>('section[aria-label], [role="region"][aria-label]')) {
    if (el.getAttribute('aria-label') === name) return el;
  }
  return null;
}

/** The button inside `root` whose text is exactly `label`. */
export function buttonNamed(root: ParentNode | null, label: string): HTMLButtonElement | null {
  if (!root) return null;
  for (const b of root.querySelectorAll('button')) {
    if ((b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === label) return b;
  }
  return null;
}
