import { AuditPanel } from '../../features/audit/audit-panel.tsx';
import { downloadText, stampedName } from '../../lib/download.ts';
import { auditReportJson } from '../../session/flows/audit.ts';
import { useInspector, useInspectorActions } from '../../store/store-context.tsx';

/** "Audit this server" against the connected server; the report exports as the command line's `--json`. */
export function AuditScreen({ onClose }: { onClose: () => void }) {
  const actions = useInspectorActions();
  const { server, run } = useInspector((s) => ({ server: s.connectedUrl, run: s.audit }));
  return (
    <AuditPanel
      server={server}
      run={run}
      onStart={(input) => void actions.startAudit(input)}
      onCancel={actions.cancelAudit}
      onExport={() => {
        if (run?.report) downloadText(stampedName('mrtr-audit', 'json', Date.now()), auditReportJson(run.report));
      }}
      onClose={onClose}
    />
  );
}
