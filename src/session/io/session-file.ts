import type * as z from 'zod';
import { classifyExchange } from '../../protocol/classify-exchange.ts';
import { readTask } from '../../protocol/tasks/wire.ts';
import type { RecordedExchange } from '../kinds/kind.ts';
import { kindOf, withKinds } from '../kinds/registry.ts';
import type { Exchange } from '../../protocol/exchange.ts';
import type { Conversation, Leg, SessionState, TaskNotice } from '../model.ts';
import { sessionSchema } from './session-schema.ts';
import {
  SESSION_FILE_FORMAT,
  SESSION_FILE_VERSION,
  sessionFileHeader,
  type SessionFileHeader,
} from './session-file-header.ts';
import { isJsonObject } from '../../protocol/types.ts';

export interface SessionFile extends SessionFileHeader {
  session: SessionState;
}

export type ParseResult =
  | { ok: true; session: SessionState; redacted: boolean; exportedAt?: string }
  | { ok: false; error: string; path?: string };

export function toSessionFile(session: SessionState, opts: { redacted: boolean; now: number }): SessionFile {
  return { ...sessionFileHeader(opts), session };
}

export function serializeSessionFile(file: SessionFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** `session.legs["leg-1"].exchange.headers[2]`: a field path as a person would type it. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && IDENT.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out || '(the top level)';
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return typeof value === 'object' ? 'an object' : String(value);
}

function issueMessage(issues: z.core.$ZodIssue[], prefix: readonly PropertyKey[]): { error: string; path: string } {
  const first = issues[0];
  if (!first) return { error: 'the data is invalid', path: formatPath(prefix) };
  const path = formatPath([...prefix, ...first.path]);
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  return { error: `${path}: ${first.message}${more}`, path };
}

function fail(path: readonly PropertyKey[], message: string): ParseResult {
  const p = formatPath(path);
  return { ok: false, error: `${p}: ${message}`, path: p };
}

/** Cross-references the schema cannot express: ids match their keys, every id points at something that exists. */
function checkIntegrity(s: SessionState, at: readonly PropertyKey[]): ParseResult | undefined {
  for (const [key, c] of Object.entries(s.conversations)) {
    if (c.id !== key) return fail([...at, 'conversations', key, 'id'], `"${c.id}" does not match its key "${key}"`);
    for (const [i, legId] of c.legIds.entries()) {
      if (!s.legs[legId])
        return fail([...at, 'conversations', key, 'legIds', i], `leg "${legId}" is not in session.legs`);
    }
    if (!s.order.includes(key)) return fail([...at, 'order'], `conversation "${key}" is missing from the order`);
  }
  for (const [i, id] of s.order.entries()) {
    if (!s.conversations[id]) return fail([...at, 'order', i], `conversation "${id}" is not in session.conversations`);
  }
  for (const [key, leg] of Object.entries(s.legs)) {
    if (leg.id !== key) return fail([...at, 'legs', key, 'id'], `"${leg.id}" does not match its key "${key}"`);
    if (!s.conversations[leg.conversationId]) {
      return fail([...at, 'legs', key, 'conversationId'], `conversation "${leg.conversationId}" does not exist`);
    }
  }
  return undefined;
}

function readNotices(notices: readonly unknown[]): TaskNotice[] {
  const out: TaskNotice[] = [];
  for (const n of notices) {
    const { at, task } = n as { at: number; task: unknown };
    const read = readTask(task);
    if (typeof read !== 'string') out.push({ at, task: read });
  }
  return out;
}

/**
 * Make loaded data safe to use: outcomes are recomputed from the recorded bytes (a file cannot claim what its bytes
 * do not say), and nothing is in flight after a load.
 */
function normalise(loaded: SessionState): SessionState {
  // a session saved before conversations had a kind gets the one its fields say
  const s = withKinds(loaded);
  const legs: Record<string, Leg> = {};
  for (const [id, leg] of Object.entries(s.legs)) {
    const c = s.conversations[leg.conversationId];
    const recorded: RecordedExchange = { exchange: leg.exchange as Exchange, sent: leg.sent, rpcId: leg.rpcId };
    if (leg.pushed) recorded.pushed = leg.pushed;
    // each leg is read by its conversation's kind, as when it was recorded
    const outcome = c
      ? kindOf(c).classify(c, recorded)
      : classifyExchange(recorded.exchange, leg.sent.method ?? '', leg.rpcId);
    legs[id] = { ...leg, outcome };
  }
  const conversations: Record<string, Conversation> = {};
  for (const [id, c] of Object.entries(s.conversations)) {
    const { inFlight: _gone, ...rest } = c;
    // a task's status notifications are re-read like outcomes: one that does not read as a task is left out
    if (rest.task?.notices) rest.task = { ...rest.task, notices: readNotices(rest.task.notices) };
    // a read-only kind (a watched client answered for itself): a draft saved with one is not offered
    if (kindOf(rest).readOnly) delete rest.draft;
    conversations[id] = rest;
  }
  return { ...s, conversations, legs };
}

/** Validate an already-parsed session value (from a file, a link or browser storage). */
export function parseSessionValue(value: unknown, at: readonly PropertyKey[] = ['session']): ParseResult {
  const checked = sessionSchema.safeParse(value);
  if (!checked.success) return { ok: false, ...issueMessage(checked.error.issues, at) };
  const session = checked.data as unknown as SessionState;
  const broken = checkIntegrity(session, at);
  if (broken) return broken;
  return { ok: true, session: normalise(session), redacted: false };
}

/** Read a session file. Every failure names the field that is wrong, or says which version wrote the file. */
export function parseSessionFile(text: string): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch (err) {
    return { ok: false, error: `The file is not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (!isJsonObject(data)) {
    return { ok: false, error: `The file holds ${describe(data)}, not a session file object.` };
  }
  const file = data as Record<string, unknown>;
  if (file.format !== SESSION_FILE_FORMAT) {
    const found = 'format' in file ? `is ${describe(file.format)}` : 'is missing';
    return fail(['format'], `${found}; expected "${SESSION_FILE_FORMAT}". This is not an MRTR Inspector session file.`);
  }
  const version = file.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return fail(['version'], `${'version' in file ? describe(version) : 'missing'}; expected a whole number from 1.`);
  }
  if (version > SESSION_FILE_VERSION) {
    return {
      ok: false,
      path: 'version',
      error: `This file was written by a newer version (${version}) of the session format; this MRTR Inspector reads version ${SESSION_FILE_VERSION}. Update the inspector to open it.`,
    };
  }
  if (typeof file.exportedAt !== 'string')
    return fail(['exportedAt'], `${describe(file.exportedAt)}; expected a date string.`);
  if (typeof file.redacted !== 'boolean')
    return fail(['redacted'], `${describe(file.redacted)}; expected true or false.`);
  const parsed = parseSessionValue(file.session, ['session']);
  if (!parsed.ok) return parsed;
  return { ...parsed, redacted: file.redacted, exportedAt: file.exportedAt };
}
