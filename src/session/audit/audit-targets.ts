/**
 * The audit's targets: every tool, prompt and resource template of the server, with arguments built from its schema
 * (defaults first), called once with every client capability declared; those whose first answer is `input_required`
 * are audited. The first call stays paused as the target's probe conversation.
 */
import { ALL_CAPABILITIES } from '../../protocol/envelope.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../../protocol/types.ts';
import { objectFor } from './audit-values.ts';
import type { ConnectionContext } from '../compose.ts';
import type { SessionDriver } from '../flows/driver.ts';

type MrtrCall = 'tools/call' | 'prompts/get' | 'resources/read';

export interface AuditCandidate {
  method: MrtrCall;
  /** tool / prompt name, or the resource URI */
  name: string;
  params: JsonObject;
  /** the schema the arguments come from (tools: inputSchema; prompts: one string per argument) */
  argsSchema?: JsonObject;
  inputSchema?: JsonObject;
}

export interface ListingProblem {
  method: string;
  message: string;
}

async function listAll(
  driver: SessionDriver,
  method: string,
  field: string,
  problems: ListingProblem[],
): Promise<JsonObject[]> {
  const items: JsonObject[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const id = await driver.start({ method, title: method, params: cursor ? { cursor } : {}, capabilities: {} });
    const outcome = driver.lastLeg(id)?.outcome;
    if (outcome?.kind !== 'complete') {
      const why =
        outcome?.kind === 'error'
          ? `${outcome.error.code} ${outcome.error.message}`
          : outcome && 'reason' in outcome
            ? outcome.reason
            : 'no answer';
      problems.push({ method, message: why });
      break;
    }
    const list = outcome.result[field];
    if (Array.isArray(list)) items.push(...list.filter(isJsonObject));
    const next = outcome.result.nextCursor;
    if (typeof next !== 'string' || !next) break;
    cursor = next;
  }
  return items;
}

/** `report://{year}/summary` -> a listed resource it matches, else every variable filled with "audit". */
function uriFor(template: string, listed: readonly string[]): string {
  const pattern = new RegExp(
    `^${template
      .split(/\{[^}]+\}/)
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  );
  return listed.find((uri) => pattern.test(uri)) ?? template.replace(/\{[^}]+\}/g, 'audit');
}

function promptSchema(args: JsonValue | undefined): JsonObject {
  const list = Array.isArray(args) ? args.filter(isJsonObject) : [];
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const a of list) {
    if (typeof a.name !== 'string') continue;
    properties[a.name] = { type: 'string' };
    if (a.required === true) required.push(a.name);
  }
  return { type: 'object', properties, required };
}

export async function listCandidates(driver: SessionDriver, problems: ListingProblem[]): Promise<AuditCandidate[]> {
  const out: AuditCandidate[] = [];
  for (const tool of await listAll(driver, 'tools/list', 'tools', problems)) {
    if (typeof tool.name !== 'string') continue;
    const schema = isJsonObject(tool.inputSchema) ? tool.inputSchema : {};
    out.push({
      method: 'tools/call',
      name: tool.name,
      params: { name: tool.name, arguments: objectFor(schema) },
      argsSchema: schema,
      inputSchema: schema,
    });
  }
  for (const prompt of await listAll(driver, 'prompts/list', 'prompts', problems)) {
    if (typeof prompt.name !== 'string') continue;
    const schema = promptSchema(prompt.arguments);
    const args = Object.fromEntries(Object.entries(objectFor(schema)).map(([k]) => [k, 'audit']));
    out.push({
      method: 'prompts/get',
      name: prompt.name,
      params: { name: prompt.name, arguments: args },
      argsSchema: schema,
    });
  }
  const templates = await listAll(driver, 'resources/templates/list', 'resourceTemplates', problems);
  if (templates.length) {
    const listed = (await listAll(driver, 'resources/list', 'resources', problems)).flatMap((r) =>
      typeof r.uri === 'string' ? [r.uri] : [],
    );
    for (const t of templates) {
      if (typeof t.uriTemplate !== 'string') continue;
      const uri = uriFor(t.uriTemplate, listed);
      out.push({ method: 'resources/read', name: uri, params: { uri } });
    }
  }
  return out;
}

/**
 * Call a candidate once (all capabilities declared); the conversation id, paused at round 1 when it asked.
 * `connection`: another URL or identity for this call (the control calls of the principal, audience and fleet checks).
 */
export async function probe(
  driver: SessionDriver,
  c: AuditCandidate,
  params: JsonObject = c.params,
  connection?: Partial<ConnectionContext>,
): Promise<string> {
  const input: Parameters<SessionDriver['start']>[0] = {
    method: c.method,
    title: c.name,
    params,
    capabilities: ALL_CAPABILITIES,
  };
  if (connection) input.connection = connection;
  if (c.inputSchema) input.inputSchema = c.inputSchema;
  return driver.start(input);
}
