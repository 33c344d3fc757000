import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { CatalogScreen } from './screens/catalog-screen.tsx';
import { CallScreen } from './screens/call-screen.tsx';
import { formatShortcut, PALETTE_SHORTCUT } from '../features/command-palette/commands.ts';
import { ThemeSelect } from '../features/theme/theme-select.tsx';
import type { IoMessage } from '../features/session-io/session-toolbar.tsx';
import { SessionToolbarScreen } from './screens/session-toolbar-screen.tsx';
import { useSessionIo } from './use-session-io.ts';
import { Button } from '../components/ui/button.tsx';
import type { Persistence } from '../store/persistence/persistence.ts';
import { useDeps } from '../store/deps-context.tsx';
import { useInspector } from '../store/store-context.tsx';
import { CommandsHost } from './commands-host.tsx';
import { FocusIntent } from './use-focus-intent.ts';
import { loadDemoSession } from './open-demo.ts';
import { ConnectionScreen } from './screens/connection-screen.tsx';
import { ConversationScreen } from './screens/conversation-screen.tsx';
import { TimelineScreen } from './screens/timeline-screen.tsx';
import { holdsRecording } from '../session/io/import-origin.ts';

// Parts the first screen does not show load when first opened.
const PresenterScreen = lazy(() =>
  import('./screens/presenter-screen.tsx').then((m) => ({ default: m.PresenterScreen })),
);
const WatchScreen = lazy(() => import('./screens/watch-screen.tsx').then((m) => ({ default: m.WatchScreen })));
const StdioScreen = lazy(() => import('./screens/stdio-screen.tsx').then((m) => ({ default: m.StdioScreen })));
const CompareRunsScreen = lazy(() =>
  import('./screens/compare-runs-screen.tsx').then((m) => ({ default: m.CompareRunsScreen })),
);
const AuditScreen = lazy(() => import('./screens/audit-screen.tsx').then((m) => ({ default: m.AuditScreen })));
const RecordedConversationScreen = lazy(() =>
  import('./screens/recorded-conversation-screen.tsx').then((m) => ({ default: m.RecordedConversationScreen })),
);

export interface ShellProps {
  persistence?: Persistence;
  /** messages from start-up (storage problems, a share link that could not be opened) */
  notices?: IoMessage[];
}

/** Layout: connection and session toolbar on top; catalog | call + conversation | timeline + leg inspector. */
export function Shell({ persistence, notices }: ShellProps) {
  const io = useSessionIo(persistence, notices);
  const hasStdio = (useDeps().config.stdio?.length ?? 0) > 0;
  const hasProxy = useDeps().config.proxy?.enabled === true;
  const [presenter, setPresenter] = useState(false);
  const [palette, setPalette] = useState(false);
  const [tool, setTool] = useState<'compare' | 'audit' | null>(null);
  // "Audit this call" on a watched leg opens the audit, its name already filled in
  const auditRequest = useInspector((s) => s.auditRequest);
  useEffect(() => {
    if (auditRequest) setTool('audit');
  }, [auditRequest]);
  const connected = useInspector((s) => s.connectedUrl !== null);
  const [demoMessage, setDemoMessage] = useState<string | undefined>();
  const { adopt } = io;
  // the recording panel (compare with a recording, re-run it) has nothing to say until the session holds an imported
  // conversation: its chunk is not loaded in the middle of an ordinary first call
  const showsRecording = useInspector((s) => s.selectedConversationId !== null && holdsRecording(s.session));
  const openDemo = useCallback(async () => {
    const demo = await loadDemoSession();
    if (!demo.ok) return setDemoMessage(demo.error);
    setDemoMessage(undefined);
    adopt(demo.session, { source: 'demo', name: 'MRTR demo (bundled mock)', at: Date.now() });
    setPresenter(true);
  }, [adopt]);
  const openPresenter = useCallback(() => setPresenter(true), []);

  return (
    <div className="flex h-screen flex-col bg-slate-100 text-slate-900">
      <ConnectionScreen />
      <SessionToolbarScreen
        io={io}
        extra={
          <>
            <ThemeSelect />
            <Button onClick={openPresenter}>Presenter</Button>
            <Button onClick={() => setPalette(true)} aria-keyshortcuts="Control+K Meta+K">
              Commands ({formatShortcut(PALETTE_SHORTCUT)})
            </Button>
          </>
        }
      />
      <div className="grid min-h-0 flex-1 grid-cols-1 lg:grid-cols-[16rem_minmax(0,1fr)_minmax(0,1fr)]">
        <aside
          // focusable: a keyboard user can scroll the catalog even when it holds no control (not connected yet)
          tabIndex={0}
          aria-label="Catalog"
          className="min-h-0 overflow-auto border-r border-slate-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <CatalogScreen />
        </aside>
        <main className="min-h-0 space-y-4 overflow-auto p-4">
          <div role="group" aria-label="Server tools" className="flex flex-wrap gap-2">
            <Button aria-pressed={tool === 'compare'} onClick={() => setTool(tool === 'compare' ? null : 'compare')}>
              Compare runs
            </Button>
            <Button
              aria-pressed={tool === 'audit'}
              disabled={!connected && tool !== 'audit'}
              title={connected ? undefined : 'Connect to a server to audit it'}
              onClick={() => setTool(tool === 'audit' ? null : 'audit')}
            >
              Audit this server
            </Button>
          </div>
          {tool && (
            <Suspense fallback={<p className="text-xs text-slate-500">Loading…</p>}>
              {tool === 'compare' ? (
                <CompareRunsScreen onClose={() => setTool(null)} />
              ) : (
                <AuditScreen onClose={() => setTool(null)} />
              )}
            </Suspense>
          )}
          <CallScreen />
          {showsRecording && (
            <Suspense fallback={null}>
              <RecordedConversationScreen />
            </Suspense>
          )}
          <ConversationScreen />
        </main>
        <div className="min-h-0 overflow-auto p-4 lg:border-l lg:border-slate-200">
          {hasProxy && (
            <Suspense fallback={null}>
              <WatchScreen />
            </Suspense>
          )}
          {hasStdio && (
            <Suspense fallback={null}>
              <StdioScreen />
            </Suspense>
          )}
          <TimelineScreen />
        </div>
      </div>
      <Suspense fallback={<p className="sr-only">Loading…</p>}>
        {presenter && (
          <PresenterScreen
            onClose={() => setPresenter(false)}
            onOpenDemo={() => void openDemo()}
            {...(demoMessage ? { message: demoMessage } : {})}
          />
        )}
      </Suspense>
      <CommandsHost
        io={io}
        openPresenter={openPresenter}
        openDemo={() => void openDemo()}
        palette={palette}
        setPalette={setPalette}
        shortcuts={!presenter && !palette}
      />
      {/* last, so its effect runs after the page's own (as when the shell held it) */}
      <FocusIntent />
    </div>
  );
}
