/**
 * Sampling with tools (SEP-1577; 2025-11-25 client/sampling "Tools in Sampling", kept deprecated in 2026-07-28): a
 * `sampling/createMessage` whose params carry `tools` may be answered with `stopReason: "toolUse"` and content that
 * is an array of blocks, text and `tool_use` (`{type:"tool_use", id, name, input}`). The reply a human composes is
 * checked against the SDK's own `CreateMessageResultWithToolsSchema` (@modelcontextprotocol/core) and against the
 * request: each tool named must be one the request offered, each input a JSON object, each id unique. Loaded with the
 * sampling card only when a request offers tools (the SDK's schemas stay out of the entry bundle).
 */
import { CreateMessageResultWithToolsSchema } from '@modelcontextprotocol/core';
import { isJsonObject, type JsonObject, type JsonValue } from '../types.ts';

export interface OfferedTool {
  name: string;
  description?: string;
}

/** The tools a sampling request offers (params.tools), by name; empty when it offers none. */
export function offeredTools(params: JsonObject | undefined): OfferedTool[] {
  const tools = params?.tools;
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((t: JsonValue) =>
    isJsonObject(t) && typeof t.name === 'string'
      ? [{ name: t.name, ...(typeof t.description === 'string' ? { description: t.description } : {}) }]
      : [],
  );
}

export interface ToolUseDraft {
  name: string;
  id: string;
  /** the input as typed (JSON text) */
  input: string;
}

export interface ToolUseReply {
  text: string;
  toolUses: ToolUseDraft[];
  model: string;
  stopReason: string;
}

export type ToolUseCheck = { ok: true; result: JsonObject } | { ok: false; problems: string[] };

/** Builds the `CreateMessageResult` (with tools) a human composed, or says what is wrong with it. */
export function toolUseAnswer(reply: ToolUseReply, offered: readonly OfferedTool[]): ToolUseCheck {
  const problems: string[] = [];
  const content: JsonObject[] = [];
  if (reply.text.trim() !== '') content.push({ type: 'text', text: reply.text });
  const ids = new Set<string>();
  reply.toolUses.forEach((use, i) => {
    const label = `tool use ${i + 1}${use.name ? ` (${use.name})` : ''}`;
    if (!offered.some((t) => t.name === use.name)) {
      problems.push(`${label}: pick one of the tools the request offers (${offered.map((t) => t.name).join(', ')}).`);
    }
    if (use.id.trim() === '') problems.push(`${label}: the id is empty.`);
    else if (ids.has(use.id)) problems.push(`${label}: the id ${JSON.stringify(use.id)} is used twice.`);
    ids.add(use.id);
    let input: unknown;
    try {
      input = JSON.parse(use.input);
    } catch (err) {
      problems.push(`${label}: the input is not valid JSON (${err instanceof Error ? err.message : String(err)}).`);
      return;
    }
    if (!isJsonObject(input)) problems.push(`${label}: the input must be a JSON object ({ … }).`);
    else content.push({ type: 'tool_use', id: use.id, name: use.name, input });
  });
  if (reply.stopReason === 'toolUse' && reply.toolUses.length === 0) {
    problems.push('stopReason "toolUse" needs at least one tool use block.');
  }
  if (problems.length > 0) return { ok: false, problems };
  const result: JsonObject = { role: 'assistant', content, model: reply.model, stopReason: reply.stopReason };
  const checked = CreateMessageResultWithToolsSchema.safeParse(result);
  if (!checked.success) {
    return {
      ok: false,
      problems: checked.error.issues.map(
        (i) =>
          `${i.path.length ? i.path.join('.') : 'the reply'}: ${i.message} (the SDK's CreateMessageResult with tools)`,
      ),
    };
  }
  return { ok: true, result };
}
