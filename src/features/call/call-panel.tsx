import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { moveFocusWhenReady } from '../../lib/move-focus.ts';
import { holdTypedAhead } from '../../lib/typed-ahead.ts';
import { Button } from '../../components/ui/button.tsx';
import type { RequestOptions } from '../../protocol/envelope.ts';
import { newId } from '../../lib/ids.ts';
import { runInLongIdle } from '../../lib/long-idle.ts';
import { RequestOptionsPanel, requestOptionsOf, type RequestOptionsValue } from './request-options.tsx';
import type { CallTarget } from './call-target.ts';
import { ArgumentsEditor } from './arguments-editor.tsx';

/** The first control of the arguments form, or the action button when the target takes no arguments. */
function firstField(section: HTMLElement | null): HTMLElement | null {
  if (section?.querySelector('[data-no-arguments]')) return section.querySelector<HTMLElement>('[data-call-action]');
  const form = section?.querySelector('form');
  // the form loads lazily: wait for it rather than focusing the button under the "Loading form…" text
  if (!form) return null;
  const field = form.querySelector<HTMLElement>(
    'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])',
  );
  return field ?? section?.querySelector<HTMLElement>('[data-call-action]') ?? null;
}

/**
 * A pick in the sidebar (the user's own click or key press) moves focus to the picked target's first field, or to
 * its action button when it has none. Nothing moves on the first render, nor when focus rests outside the catalog.
 * Keys typed in between (the form may still be loading) land in that field.
 */
function useFocusOnPick(nonce: number, sectionRef: RefObject<HTMLElement | null>) {
  const [seen] = useState(nonce);
  useEffect(() => {
    if (nonce === seen) return;
    const from = document.activeElement?.closest('nav[aria-label="Server catalog"]') ?? null;
    if (!from && document.activeElement !== document.body) return;
    // keys typed before the form is there are held and typed into the field focus moves to, so none is lost
    const typed = holdTypedAhead((active) => active === null || active === document.body || !!from?.contains(active));
    const stopMove = moveFocusWhenReady(() => firstField(sectionRef.current), {
      from,
      settleMs: 0,
      onFocused: (el) => typed.release(el),
    });
    return () => {
      stopMove();
      typed.stop();
    };
  }, [nonce, seen, sectionRef]);
}

export interface CallPanelProps {
  /** the picked target, null when nothing is picked (or its list has not loaded) */
  target: CallTarget | null;
  /** identifies the target (`kind:name`): the form is re-made when it changes */
  targetKey: string;
  /** the arguments typed for this target */
  values: Record<string, unknown>;
  onValuesChange: (values: Record<string, unknown>) => void;
  /** counts the user's picks in the catalog: a new pick moves focus to the first field */
  pickNonce: number;
  /** start the call with the built request; resolves once the first leg is answered */
  onCall: (
    request: ReturnType<CallTarget['build']> & { title: string; requestOptions?: RequestOptions },
  ) => Promise<unknown>;
}

/** The picked tool/prompt/resource: its arguments form and the button that starts a call. */
export function CallPanel({ target, targetKey: key, values, onValuesChange, pickNonce, onCall }: CallPanelProps) {
  const [busy, setBusy] = useState(false);
  // what the schema check found on the last Call, for the arguments it checked (typing clears it)
  const [refused, setRefused] = useState<{ values: Record<string, unknown>; problems: string[] } | null>(null);
  // the JSON side of the arguments editor holds text that is not a JSON object: nothing is sent until it is
  const [jsonProblem, setJsonProblem] = useState<string | null>(null);
  const [jsonRefused, setJsonRefused] = useState(false);
  const onJsonProblem = useCallback((p: string | null) => {
    setJsonProblem(p);
    if (p === null) setJsonRefused(false);
  }, []);
  const busyRef = useRef(false);
  const sectionRef = useRef<HTMLElement>(null);
  // optional _meta members of the next call; the progress token is made fresh after every call
  const [options, setOptions] = useState<RequestOptionsValue>(() => ({
    askProgress: false,
    progressToken: newId('progress'),
    logLevel: '',
    traceparent: '',
  }));
  // 2025-11-25: call a tool whose taskSupport is "optional" as a task
  const [asTask, setAsTask] = useState(false);
  useFocusOnPick(pickNonce, sectionRef);
  // the schema check's first compile for this target (10-30 ms) after the pick instead of in the Call click: in a long
  // idle period, or after 300 ms whatever the page is doing (a page that draws every frame has no long idle periods)
  const schema = target?.schema;
  useEffect(() => {
    if (!schema) return;
    runInLongIdle([() => import('./argument-check.ts').then((m) => m.warmArgumentCheck(schema))], window, 300);
  }, [schema]);

  if (!target) {
    return <p className="text-sm text-slate-500">Pick a tool, prompt or resource on the left.</p>;
  }
  const call = async (anyway = false) => {
    // busy is shown with aria-disabled (a disabled button would drop the keyboard focus): a second press is ignored,
    // also one that comes before the re-render
    if (busyRef.current) return;
    if (jsonProblem !== null) {
      setJsonRefused(true);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      if (!anyway) {
        // the arguments form's own validator (its chunk is already loaded: the form is on screen)
        const { argumentProblems } = await import('./argument-check.ts');
        const problems = argumentProblems(target.schema, values);
        if (problems.length > 0) {
          setRefused({ values, problems });
          return;
        }
      }
      setRefused(null);
      const built = target.build(values, asTask);
      const requestOptions = requestOptionsOf(options);
      if (options.askProgress) {
        setOptions((o) => ({ ...o, lastSentToken: o.progressToken, progressToken: newId('progress') }));
      }
      // then focus goes to the first request the server asks, or to the Result (a focus intent of the store)
      await onCall({ ...built, title: target.title, ...(requestOptions ? { requestOptions } : {}) });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };
  const disabled = Boolean(target.invalidReason);
  return (
    <section ref={sectionRef} aria-label="Call" className="space-y-2">
      <h2 className="font-mono text-base font-semibold">{target.title}</h2>
      {target.description && <p className="text-sm whitespace-pre-wrap text-slate-600">{target.description}</p>}
      <ArgumentsEditor
        key={key}
        schema={target.schema}
        value={values}
        onChange={onValuesChange}
        idPrefix={`arg-${key}`}
        resetKey={key}
        onJsonProblem={onJsonProblem}
      />
      <RequestOptionsPanel value={options} onChange={setOptions} />
      {target.taskSupport === 'required' && (
        <p className="text-xs text-slate-600">
          Runs as a task (2025-11-25, <code>execution.taskSupport: &quot;required&quot;</code>): the call carries{' '}
          <code>params.task</code>, then the task is polled and its result fetched with <code>tasks/result</code>.
        </p>
      )}
      {target.taskSupport === 'optional' && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={asTask} onChange={(e) => setAsTask(e.target.checked)} />
          Run as a task (2025-11-25 <code>params.task</code>; the tool&apos;s taskSupport is optional)
        </label>
      )}
      {jsonRefused && jsonProblem !== null && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900">
          Not sent: the arguments JSON is not a JSON object yet. {jsonProblem}
        </p>
      )}
      {refused && refused.values === values && (
        <div role="alert" className="space-y-1 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
          <p className="font-medium">
            Not sent: the arguments do not match the{' '}
            {target.actionLabel === 'Call tool' ? "tool's inputSchema" : 'schema'}.
          </p>
          <ul className="ml-4 list-disc">
            {refused.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          <p>
            Fill them in and press {target.actionLabel} again, or send the call as it is to see how the server refuses
            it.
          </p>
          <Button variant="danger" onClick={() => void call(true)}>
            Send anyway
          </Button>
        </div>
      )}
      {target.invalidReason && (
        <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-900">
          {target.invalidReason}
        </p>
      )}
      <Button
        variant="primary"
        data-call-action=""
        onClick={() => void call()}
        disabled={disabled}
        aria-disabled={busy && !disabled ? true : undefined}
        className={busy ? 'cursor-wait opacity-60' : ''}
      >
        {target.actionLabel}
      </Button>
    </section>
  );
}
