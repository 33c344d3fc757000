/**
 * Protocol lint: findings about one recorded leg, each tied to the rule of the 2026-07-28 specification it checks.
 * Pure data; the rules live in client-rules.ts and server-rules.ts.
 */
import type { Outcome } from '../classify.ts';
import type { Exchange } from '../exchange.ts';
import type { ClientCapabilities, JsonObject, RpcId } from '../types.ts';

export type LintSeverity = 'error' | 'warning' | 'info';

/** Which side of the conversation broke the rule. */
type LintSide = 'client' | 'server';

export interface SpecReference {
  /** page of the 2026-07-28 specification, e.g. `basic/patterns/mrtr` */
  page: string;
  /** the section heading as written in the spec, e.g. `Client Requirements (Basic Workflow)` */
  section: string;
  /** link to the published section */
  url: string;
  /** the specification revision when it is not 2026-07-28 (the 2025-11-25 era's own rules) */
  revision?: string;
}

export interface LintFinding {
  /** stable rule id, e.g. `client/echo-request-state` */
  rule: string;
  side: LintSide;
  severity: LintSeverity;
  message: string;
  spec: SpecReference;
  /** set when the user caused this on purpose in the composer ("edited by you", "left unanswered by you") */
  byYou?: string;
}

/** What the sender knew about the leg (the session's SentFacts extend it). */
export interface LintSent {
  /** the inputResponses sent (absent on a first leg) */
  inputResponses?: Record<string, JsonObject>;
  answeredKeys: string[];
  /** keys that were asked but left unanswered on purpose */
  unansweredKeys: string[];
  requestState?: string;
  originalRequestState?: string;
  requestStateEdited: boolean;
  bodyEdited: boolean;
  /** MCP-managed headers (Mcp-Method, MCP-Protocol-Version, …) the user replaced in the composer on purpose */
  headersEdited?: string[];
  capabilities: ClientCapabilities;
}

/** One recorded leg as the lint rules see it. */
export interface LintLeg {
  /** the conversation's method (the body may have been edited to say otherwise) */
  method: string;
  rpcId: RpcId;
  exchange: Exchange;
  outcome: Outcome;
  sent: LintSent;
  /** 2025-11-25: the request the server pushed on the call's stream (this leg's direction is server -> client) */
  pushed?: { id: RpcId; method: string };
  /** 2025-11-25: the exchange that POSTed the client's JSON-RPC response to the pushed request */
  answer?: { exchange: Exchange; edited?: boolean };
}

/**
 * A leg in context: `history` is the retry chain that led to it, oldest first (each leg the one before answered);
 * its last element is the leg this one answered. Empty for a conversation's first leg.
 */
export interface LintContext {
  leg: LintLeg;
  history: readonly LintLeg[];
}

const SPEC_BASE = 'https://modelcontextprotocol.io/specification/2026-07-28';
const LEGACY_SPEC_BASE = 'https://modelcontextprotocol.io/specification/2025-11-25';

function slug(section: string): string {
  return section
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

function specRef(page: string, section: string): SpecReference {
  return { page, section, url: `${SPEC_BASE}/${page}#${slug(section)}` };
}

/** A section of the 2025-11-25 specification, for the rules of that era. */
function legacySpecRef(page: string, section: string): SpecReference {
  return { page, section, url: `${LEGACY_SPEC_BASE}/${page}#${slug(section)}`, revision: '2025-11-25' };
}

/** The spec sections the rules cite (headings checked against docs/specification/2026-07-28 in the spec repo). */
export const SPEC = {
  clientRequirements: specRef('basic/patterns/mrtr', 'Client Requirements (Basic Workflow)'),
  serverRequirements: specRef('basic/patterns/mrtr', 'Server Requirements (Basic Workflow)'),
  supportedRequests: specRef('basic/patterns/mrtr', 'Supported Requests'),
  mrtrErrorHandling: specRef('basic/patterns/mrtr', 'Error Handling'),
  resultType: specRef('basic', 'ResultType'),
  standardHeaders: specRef('basic/transports/streamable-http', 'Standard Request Headers'),
  sendingMessages: specRef('basic/transports/streamable-http', 'Sending Messages'),
  requestedSchema: specRef('client/elicitation', 'Requested Schema'),
  elicitationCapabilities: specRef('client/elicitation', 'Capabilities'),
} as const;

/** The 2025-11-25 sections the era's own rules cite. */
export const LEGACY_SPEC = {
  sessionManagement: legacySpecRef('basic/transports', 'Session Management'),
  protocolVersionHeader: legacySpecRef('basic/transports', 'Protocol Version Header'),
  responses: legacySpecRef('basic', 'Responses'),
  taskLifetime: legacySpecRef('basic/utilities/tasks', 'TTL and Resource Management'),
  taskRelated: legacySpecRef('basic/utilities/tasks', 'Associating Task-Related Messages'),
} as const;

/** "2026-07-28 basic/patterns/mrtr § Client Requirements (Basic Workflow)" */
export function formatSpec(ref: SpecReference): string {
  return `${ref.revision ?? '2026-07-28'} ${ref.page} § ${ref.section}`;
}

export interface LintCounts {
  error: number;
  warning: number;
  info: number;
}

export function countFindings(findings: readonly LintFinding[]): LintCounts {
  const counts: LintCounts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity] += 1;
  return counts;
}
