import { useMemo, useState } from 'react';
import { HeldItem } from '../../features/watch/held-item.tsx';
import { WatchedClients } from '../../features/watch/watched-clients.tsx';
import { composeHeld, heldParts, type HeldParts } from '../../session/editors/held-edit.ts';
import { redactHeaders } from '../../session/io/redact.ts';
import type { HeldItem as Held } from '../../store/watch-slice.ts';
import { useInspector, useInspectorActions } from '../../store/store-context.tsx';
import { RequestStateLabScreen } from './request-state-lab-screen.tsx';

const now = () => Date.now();

/** Watched clients (the proxies and their switches) and each item they hold, mapped from the store. */
export function WatchScreen() {
  const { proxies, tapLogs, connected, held, error, missedAt, connectedUrl } = useInspector((s) => ({
    proxies: s.proxies,
    tapLogs: s.tapLogs,
    connected: s.watchConnected,
    held: s.heldItems,
    error: s.watchError,
    missedAt: s.watchMissedAt,
    connectedUrl: s.connectedUrl,
  }));
  const { setProxyHold, startProxy, stopProxy } = useInspectorActions();
  return (
    <>
      {held.map((item) => (
        <HeldScreen key={`${item.run ?? ''}:${item.stage}:${item.id}`} item={item} />
      ))}
      <WatchedClients
        proxies={proxies}
        tapLogs={tapLogs}
        connected={connected}
        {...(connectedUrl ? { currentServer: connectedUrl } : {})}
        {...(error ? { error } : {})}
        {...(missedAt !== null ? { missedAt } : {})}
        onHold={(id, stage, on) => void setProxyHold(id, stage, on)}
        onStart={(target) => void startProxy(target)}
        onStop={(id) => void stopProxy(id)}
      />
    </>
  );
}

function HeldScreen({ item }: { item: Held }) {
  const { forwardHeld, dropHeld, dismissHeld } = useInspectorActions();
  const [problem, setProblem] = useState<string | undefined>();
  const parts = useMemo(() => heldParts(item.stage, item.body, item.headers), [item]);
  const forward = (edited: HeldParts) => {
    const out = composeHeld(item.stage, item.body, item.headers, edited);
    if ('error' in out) {
      setProblem(out.error);
      return;
    }
    void forwardHeld(item.id, out);
  };
  return (
    <HeldItem
      stage={item.stage}
      at={item.at}
      {...(item.goneAt !== undefined ? { goneAt: item.goneAt } : {})}
      {...(item.restarted ? { restarted: true } : {})}
      arrivedHeaders={redactHeaders(item.headers)}
      arrivedBody={item.body}
      {...(item.status !== undefined ? { status: item.status } : {})}
      {...(item.sse ? { sseEvent: true } : {})}
      parts={parts}
      {...(problem ? { error: problem } : {})}
      now={now}
      onForward={forward}
      onDrop={() => void dropHeld(item.id)}
      onDismiss={() => dismissHeld(item.id, item.run)}
      renderStateLab={(value, onChange) => (
        <RequestStateLabScreen
          original={parts.requestState ?? null}
          value={value}
          onChange={onChange}
          idPrefix={`held-${item.run ? `${item.run}-` : ''}${item.stage}-${item.id}-lab`}
          showBanner
        />
      )}
    />
  );
}
