import type { RJSFSchema } from '@rjsf/utils';
import { taskSupportOf, withTaskAugmentation } from '../../protocol/tasks/legacy-wire.ts';
import type { JsonObject, PromptDescriptor, ResourceTemplateDescriptor, ToolDescriptor } from '../../protocol/types.ts';
import { formSchema } from './form-schema.ts';
import { fillTemplate, templateVariables } from './uri-template.ts';
import { invalidToolReason } from '../../protocol/param-headers.ts';

/** What the sidebar picked: a tool or prompt name, a resource URI or a template's uriTemplate. */
export interface CallPick {
  kind: 'tool' | 'prompt' | 'resource' | 'template';
  name: string;
}

/** The server's lists a pick is looked up in (undefined while a list loads). */
export interface CallLists {
  tools: ToolDescriptor[] | undefined;
  prompts: PromptDescriptor[] | undefined;
  templates: ResourceTemplateDescriptor[] | undefined;
  /**
   * the server accepts task-augmented tools/call (2025-11-25, `capabilities.tasks.requests.tools.call`): a tool's
   * `execution.taskSupport` decides whether its call carries `params.task`
   */
  taskCalls?: boolean;
}

/** A picked target as the call panel shows it: its form and how its arguments become the first request. */
export interface CallTarget {
  title: string;
  description?: string;
  schema: RJSFSchema;
  actionLabel: string;
  invalidReason?: string;
  /** 2025-11-25: the tool runs as a task ("required": always; "optional": when the user asks for it) */
  taskSupport?: 'required' | 'optional';
  /** `asTask`: an optional task tool is called as a task */
  build: (
    values: Record<string, unknown>,
    asTask?: boolean,
  ) => {
    method: 'tools/call' | 'prompts/get' | 'resources/read';
    params: JsonObject;
    inputSchema?: JsonObject;
  };
}

function toolTarget(tool: ToolDescriptor, taskCalls: boolean): CallTarget {
  const invalidReason = invalidToolReason(tool.inputSchema);
  const support = taskCalls ? taskSupportOf(tool) : 'forbidden';
  const t: CallTarget = {
    title: tool.name,
    schema: formSchema(tool.inputSchema ?? { type: 'object' }),
    actionLabel: 'Call tool',
    build: (v, asTask) => {
      const params: JsonObject = { name: tool.name, arguments: v as JsonObject };
      const task = support === 'required' || (support === 'optional' && asTask === true);
      const out: ReturnType<CallTarget['build']> = {
        method: 'tools/call',
        params: task ? withTaskAugmentation(params) : params,
      };
      if (tool.inputSchema) out.inputSchema = tool.inputSchema;
      return out;
    },
  };
  if (tool.description) t.description = tool.description;
  if (invalidReason) t.invalidReason = invalidReason;
  if (support !== 'forbidden') t.taskSupport = support;
  return t;
}

function promptTarget(prompt: PromptDescriptor): CallTarget {
  const properties: Record<string, RJSFSchema> = {};
  for (const arg of prompt.arguments ?? []) {
    properties[arg.name] = { type: 'string', title: arg.name, description: arg.description };
  }
  const required = (prompt.arguments ?? []).filter((a) => a.required).map((a) => a.name);
  const t: CallTarget = {
    title: prompt.name,
    schema: { type: 'object', properties, required },
    actionLabel: 'Get prompt',
    build: (v) => ({ method: 'prompts/get', params: { name: prompt.name, arguments: v as JsonObject } }),
  };
  if (prompt.description) t.description = prompt.description;
  return t;
}

function templateTarget(uriTemplate: string, tpl: ResourceTemplateDescriptor | undefined): CallTarget {
  const vars = templateVariables(uriTemplate);
  const properties: Record<string, RJSFSchema> = {};
  for (const v of vars) properties[v] = { type: 'string', title: v };
  const t: CallTarget = {
    title: tpl?.name ?? uriTemplate,
    schema: { type: 'object', properties, required: vars },
    actionLabel: 'Read resource',
    build: (v) => ({ method: 'resources/read', params: { uri: fillTemplate(uriTemplate, v) } }),
  };
  if (tpl?.description) t.description = tpl.description;
  return t;
}

/** The target of a pick, looked up in the server's lists; null when nothing is picked or the list lacks it. */
export function callTargetOf(pick: CallPick | null, lists: CallLists): CallTarget | null {
  if (!pick) return null;
  if (pick.kind === 'tool') {
    const tool = lists.tools?.find((t) => t.name === pick.name);
    return tool ? toolTarget(tool, lists.taskCalls === true) : null;
  }
  if (pick.kind === 'prompt') {
    const prompt = lists.prompts?.find((p) => p.name === pick.name);
    return prompt ? promptTarget(prompt) : null;
  }
  if (pick.kind === 'template') {
    return templateTarget(
      pick.name,
      lists.templates?.find((t) => t.uriTemplate === pick.name),
    );
  }
  return {
    title: pick.name,
    schema: { type: 'object', properties: {} },
    actionLabel: 'Read resource',
    build: () => ({ method: 'resources/read', params: { uri: pick.name } }),
  };
}
