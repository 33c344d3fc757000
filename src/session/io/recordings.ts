/**
 * Recorded conversations for a replay, read from a session file or a HAR the inspector exported: per call its method,
 * params and capabilities, and per leg the answers it sent and what the server answered (classified exactly as the
 * app classifies a live leg). Branches (forks, tamper runs) are left out: they are experiments, not the recorded run.
 */
import { classifyExchange } from '../../protocol/classify-exchange.ts';
import type { Outcome } from '../../protocol/classify.ts';
import type { Exchange, HeaderList } from '../../protocol/exchange.ts';
import { baseParams } from '../../protocol/retry.ts';
import {
  isJsonObject,
  META_CLIENT_CAPABILITIES,
  type ClientCapabilities,
  type InputResponses,
  type JsonObject,
  type RpcId,
} from '../../protocol/types.ts';
import { tappedCommandOf } from '../kinds/watched/tapped-server.ts';
import type { SessionState } from '../model.ts';
import type { Har } from './har.ts';
import { parseSessionFile } from './session-file.ts';

interface RecordedLeg {
  /** the inputResponses this leg sent (absent on a first leg) */
  answers?: InputResponses;
  outcome: Outcome;
}

export interface Recording {
  title: string;
  method: string;
  params: JsonObject;
  capabilities: ClientCapabilities;
  inputSchema?: JsonObject;
  legs: RecordedLeg[];
  /** recorded through a tap: the stdio server's command line (its secrets masked), which replay never runs itself */
  tapped?: string;
}

export function recordingsFromSession(session: SessionState): Recording[] {
  const out: Recording[] = [];
  for (const id of session.order) {
    const c = session.conversations[id];
    if (!c || c.forkOf || c.tamper) continue;
    const legs = c.legIds.map((l) => session.legs[l]).filter((l) => l !== undefined);
    if (!legs.length) continue;
    const rec: Recording = {
      title: c.title,
      method: c.method,
      params: baseParams(c.params),
      capabilities: legs[0]!.sent.capabilities,
      legs: legs.map((l) =>
        l.sent.inputResponses ? { answers: l.sent.inputResponses, outcome: l.outcome } : { outcome: l.outcome },
      ),
    };
    if (c.inputSchema) rec.inputSchema = c.inputSchema;
    const tapped = tappedCommandOf(c.serverUrl);
    if (tapped !== undefined) rec.tapped = tapped;
    out.push(rec);
  }
  return out;
}

function headerList(headers: readonly { name: string; value: string }[]): HeaderList {
  return headers.map((h) => [h.name.toLowerCase(), h.value]);
}

function recordingsFromHar(har: Har): Recording[] {
  const groups = new Map<string, Har['log']['entries']>();
  for (const entry of har.log.entries) {
    const facts = entry._mrtr;
    if (!facts || facts.forkOf) continue;
    groups.set(facts.conversationId, [...(groups.get(facts.conversationId) ?? []), entry]);
  }
  const out: Recording[] = [];
  for (const entries of groups.values()) {
    entries.sort((a, b) => a._mrtr.round - b._mrtr.round);
    const first = entries[0]!;
    const firstBody = JSON.parse(first.request.postData.text) as { params?: unknown };
    const firstParams = isJsonObject(firstBody.params) ? firstBody.params : {};
    const meta = isJsonObject(firstParams._meta) ? firstParams._meta : {};
    const rec: Recording = {
      title: first._mrtr.conversationTitle,
      method: first._mrtr.method,
      params: baseParams(firstParams),
      capabilities: (isJsonObject(meta[META_CLIENT_CAPABILITIES])
        ? meta[META_CLIENT_CAPABILITIES]
        : {}) as ClientCapabilities,
      legs: [],
    };
    const tapped = tappedCommandOf(first.request.url);
    if (tapped !== undefined) rec.tapped = tapped;
    for (const entry of entries) {
      const body = JSON.parse(entry.request.postData.text) as { id?: RpcId; params?: unknown };
      const params = isJsonObject(body.params) ? body.params : {};
      const text = entry.response.content.text ?? '';
      const exchange: Exchange = {
        request: {
          url: entry.request.url,
          method: 'POST',
          headers: headerList(entry.request.headers),
          body: entry.request.postData.text,
        },
        startedAt: Date.parse(entry.startedDateTime),
        durationMs: entry.time,
      };
      if (entry.response.status > 0) {
        exchange.response = {
          status: entry.response.status,
          statusText: entry.response.statusText,
          headers: headerList(entry.response.headers),
          contentType: entry.response.content.mimeType,
          body: text,
          size: entry.response.content.size,
        };
        try {
          exchange.message = JSON.parse(text) as unknown;
        } catch {
          // an SSE body or no JSON: classified as such below
        }
      } else {
        exchange.failure = { kind: 'network', message: entry.response._error ?? 'no response' };
      }
      const leg: RecordedLeg = { outcome: classifyExchange(exchange, rec.method, body.id) };
      if (isJsonObject(params.inputResponses)) leg.answers = params.inputResponses as InputResponses;
      rec.legs.push(leg);
    }
    out.push(rec);
  }
  return out;
}

/** A session file or a HAR, told apart by their shape; a clear error when it is neither. */
export function parseRecordingFile(text: string): { ok: true; recordings: Recording[] } | { ok: false; error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch (err) {
    return { ok: false, error: `The file is not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (isJsonObject(data) && isJsonObject(data.log) && Array.isArray(data.log.entries)) {
    try {
      return { ok: true, recordings: recordingsFromHar(data as unknown as Har) };
    } catch (err) {
      return { ok: false, error: `The HAR could not be read: ${err instanceof Error ? err.message : String(err)}` };
    }
  }
  const parsed = parseSessionFile(text);
  if (!parsed.ok) return { ok: false, error: parsed.path ? `${parsed.path}: ${parsed.error}` : parsed.error };
  return { ok: true, recordings: recordingsFromSession(parsed.session) };
}
