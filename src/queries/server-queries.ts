import { queryOptions } from '@tanstack/react-query';
import {
  asJsonObject,
  type JsonObject,
  type PromptDescriptor,
  type ResourceDescriptor,
  type ResourceTemplateDescriptor,
  type ToolDescriptor,
} from '../protocol/types.ts';
import { readTaskList, type TaskList } from '../protocol/tasks/legacy-wire.ts';
import { detectEra, legacyRequest, type EraEnv } from './era-detect.ts';
import { rpc } from './rpc.ts';

/** The connection in force, as every query of it needs it (one shape with the era detection's). */
export type QueryEnv = EraEnv;

/** Every variable that changes the answer is part of the key. */
function keyOf(env: QueryEnv, method: string): readonly unknown[] {
  return [
    'mcp',
    env.ctx.url,
    method,
    env.ctx.protocolVersion,
    env.ctx.clientInfo,
    env.ctx.authorization ? 'auth' : 'anon',
    env.ctx.headers,
    env.viaRelay,
    env.nonce,
    env.era ?? 'auto',
  ];
}

export interface DiscoverInfo {
  serverName?: string;
  serverVersion?: string;
  supportedVersions: string[];
  capabilities: JsonObject;
  instructions?: string;
  raw: JsonObject;
  /** the era this connection speaks */
  era: 'modern' | 'legacy';
  /** how the era was chosen (pinned, detected) */
  eraReason?: string;
  /** the 2025-11-25 session id (Mcp-Session-Id) */
  sessionId?: string;
}

function parseDiscover(result: JsonObject): DiscoverInfo {
  const meta = asJsonObject(result._meta) ?? {};
  const info = asJsonObject(meta['io.modelcontextprotocol/serverInfo'] ?? result.serverInfo) ?? {};
  const out: DiscoverInfo = {
    supportedVersions: Array.isArray(result.supportedVersions)
      ? result.supportedVersions.filter((v): v is string => typeof v === 'string')
      : [],
    capabilities: asJsonObject(result.capabilities) ?? {},
    raw: result,
    era: 'modern',
  };
  if (typeof info.name === 'string') out.serverName = info.name;
  if (typeof info.version === 'string') out.serverVersion = info.version;
  if (typeof result.instructions === 'string') out.instructions = result.instructions;
  return out;
}

export const discoverQuery = (env: QueryEnv) =>
  queryOptions({
    queryKey: keyOf(env, 'server/discover'),
    queryFn: async (): Promise<DiscoverInfo> => {
      const detected = await detectEra(env);
      if (detected.era === 'legacy') {
        const server = detected.session.server;
        const info: DiscoverInfo = {
          supportedVersions: [detected.session.protocolVersion],
          capabilities: (server?.capabilities ?? {}) as JsonObject,
          raw: (server ?? {}) as JsonObject,
          era: 'legacy',
          eraReason: detected.reason,
        };
        if (server?.serverInfo?.name) info.serverName = server.serverInfo.name;
        if (server?.serverInfo?.version) info.serverVersion = server.serverInfo.version;
        if (server?.instructions) info.instructions = server.instructions;
        if (detected.session.sessionId) info.sessionId = detected.session.sessionId;
        return info;
      }
      if (detected.discoverError) throw detected.discoverError;
      const info = parseDiscover(
        detected.discover ?? (await rpc(env.ctx, env.fetch, 'server/discover', {}, env)).result,
      );
      if (detected.reason) info.eraReason = detected.reason;
      return info;
    },
    retry: false,
    staleTime: Infinity,
  });

/** Every page of a list (up to 20), following `nextCursor`. */
async function listPages<T>(env: QueryEnv, method: string, field: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page += 1) {
    const params: JsonObject = cursor ? { cursor } : {};
    const detected = await detectEra(env);
    const { result } =
      detected.era === 'legacy'
        ? { result: await legacyRequest(detected.session, method, params) }
        : await rpc(env.ctx, env.fetch, method, params, env);
    const list = result[field];
    if (Array.isArray(list)) items.push(...(list as unknown as T[]));
    cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
    if (!cursor) break;
  }
  return items;
}

function listQuery<T>(env: QueryEnv, method: string, field: string, enabled: boolean) {
  return queryOptions({
    queryKey: keyOf(env, method),
    queryFn: () => listPages<T>(env, method, field),
    retry: false,
    staleTime: Infinity,
    enabled,
  });
}

export const toolsQuery = (env: QueryEnv, enabled = true) =>
  listQuery<ToolDescriptor>(env, 'tools/list', 'tools', enabled);
export const promptsQuery = (env: QueryEnv, enabled = true) =>
  listQuery<PromptDescriptor>(env, 'prompts/list', 'prompts', enabled);
export const resourcesQuery = (env: QueryEnv, enabled = true) =>
  listQuery<ResourceDescriptor>(env, 'resources/list', 'resources', enabled);
export const templatesQuery = (env: QueryEnv, enabled = true) =>
  listQuery<ResourceTemplateDescriptor>(env, 'resources/templates/list', 'resourceTemplates', enabled);

/**
 * The tasks a 2025-11-25 server lists (`tasks/list`, every page), read only when asked (`refetch`): the list changes
 * as tasks run, so it is never fetched on its own.
 */
export const serverTasksQuery = (env: QueryEnv) =>
  queryOptions({
    queryKey: keyOf(env, 'tasks/list'),
    queryFn: async (): Promise<TaskList> => readTaskList(await listPages<unknown>(env, 'tasks/list', 'tasks')),
    retry: false,
    enabled: false,
  });
