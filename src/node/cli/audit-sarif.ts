/**
 * `mrtr-inspector audit --sarif FILE`: the JSON report as a SARIF 2.1.0 log. Every check is a rule (its title, the
 * spec text it rests on, the fix); every failed check is an `error` result and every warning a `warning`, located at
 * the server's URL and the target (tool, prompt or resource), whose message holds the evidence, the spec and the fix.
 */
import { CHECKS, type CheckId } from '../../session/audit/audit-spec.ts';
import { legacyAuditNote, type AuditReport } from '../../session/audit/audit-report.ts';
import { DEFAULT_CLIENT_INFO_CLI } from '../../session/flows/driver.ts';

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const INFO = 'https://modelcontextprotocol.io/specification';

export function auditSarif(report: AuditReport): object {
  const ids = Object.keys(CHECKS) as CheckId[];
  const rules = ids.map((id) => ({
    id,
    name: id,
    shortDescription: { text: CHECKS[id].title },
    fullDescription: { text: CHECKS[id].spec },
    help: { text: `Fix: ${CHECKS[id].fix}` },
    helpUri: INFO,
  }));
  const results = report.scorecards.flatMap((card) =>
    card.checks
      .filter((c) => c.status === 'fail' || c.status === 'warn')
      .map((c) => ({
        ruleId: c.id,
        ruleIndex: ids.indexOf(c.id),
        level: c.status === 'fail' ? 'error' : 'warning',
        message: { text: `${card.method} ${card.name}: ${c.title}.\n${c.evidence}\nSpec: ${c.spec}\nFix: ${c.fix}` },
        locations: [
          {
            physicalLocation: { artifactLocation: { uri: report.server } },
            logicalLocations: [{ name: card.name, fullyQualifiedName: `${card.method} ${card.name}`, kind: 'member' }],
          },
        ],
      })),
  );
  return {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'mrtr-inspector audit',
            version: DEFAULT_CLIENT_INFO_CLI.version,
            informationUri: INFO,
            rules,
          },
        },
        results,
        properties: {
          server: report.server,
          fleet: report.fleet,
          ...(report.era ? { era: report.era.version, note: legacyAuditNote(report.era.reason) } : {}),
        },
      },
    ],
  };
}
