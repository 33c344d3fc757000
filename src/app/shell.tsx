import { ConnectionBar } from '../features/connection/connection-bar.tsx';
import { Catalog } from '../features/catalog/catalog.tsx';
import { CallPanel } from '../features/call/call-panel.tsx';
import { ConversationScreen } from './screens/conversation-screen.tsx';
import { TimelineScreen } from './screens/timeline-screen.tsx';

/** Layout: connection on top; catalog | call + conversation | timeline + leg inspector. */
export function Shell() {
  return (
    <div className="flex h-screen flex-col bg-slate-100 text-slate-900">
      <ConnectionBar />
      <div className="grid min-h-0 flex-1 grid-cols-1 lg:grid-cols-[16rem_minmax(0,1fr)_minmax(0,1fr)]">
        <aside className="min-h-0 overflow-auto border-r border-slate-200 bg-white">
          <Catalog />
        </aside>
        <main className="min-h-0 space-y-4 overflow-auto p-4">
          <CallPanel />
          <ConversationScreen />
        </main>
        <div className="min-h-0 overflow-auto p-4 lg:border-l lg:border-slate-200">
          <TimelineScreen />
        </div>
      </div>
    </div>
  );
}
