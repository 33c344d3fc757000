import { AuditPanel } from '../../features/audit/audit-panel.tsx';
import { downloadText, stampedName } from '../../lib/download.ts';
import { auditReportJson } from '../../session/audit/audit-report.ts';
import { useInspector, useInspectorActions } from '../../store/store-context.tsx';

/** "Audit this server" against the connected server; the report exports as the command line's `--json`. */
export function AuditScreen({ onClose }: { onClose: () => void }) {
  const actions = useInspectorActions();
  const { server, run, request } = useInspector((s) => ({
    server: s.connectedUrl,
    run: s.audit,
    request: s.auditRequest,
  }));
  return (
    <AuditPanel
      // a watched call's "Audit this call" starts the form over with its name
      key={request?.nonce ?? 0}
      {...(request ? { initialOnly: request.only } : {})}
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
