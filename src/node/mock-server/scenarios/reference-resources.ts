/**
 * The reference resources of the conformance suite's server scenarios (`resources-read-text`, `-binary`,
 * `resources-templates-read`):
 *
 * - `test://static-text`: text/plain contents.
 * - `test://static-binary`: image/png contents as a base64 `blob` (media.ts).
 * - template `test://template/{id}/data`: application/json text with the id substituted; `id` completes from the
 *   sample ids (completions.ts). Not listed in resources/list (any id reads), only in resources/templates/list.
 */
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import { completeTemplateId } from './completions.ts';
import type { ScenarioContext } from './context.ts';
import { RED_SQUARE_PNG } from './media.ts';

export const STATIC_TEXT = 'This is the content of the static text resource.';

/** The JSON text `test://template/{id}/data` reads as. */
export function templateData(id: string): string {
  return JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` });
}

export function register(server: McpServer, _ctx: ScenarioContext): void {
  server.registerResource(
    'static_text',
    'test://static-text',
    { title: 'Static text', description: 'Reference: a plain-text resource', mimeType: 'text/plain' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: STATIC_TEXT }] }),
  );

  server.registerResource(
    'static_binary',
    'test://static-binary',
    { title: 'Static binary', description: 'Reference: a binary resource (16 x 16 PNG)', mimeType: 'image/png' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: RED_SQUARE_PNG }] }),
  );

  server.registerResource(
    'template_data',
    new ResourceTemplate('test://template/{id}/data', {
      list: undefined,
      complete: { id: (typed) => completeTemplateId(typed) },
    }),
    {
      title: 'Template data',
      description: 'Reference: a resource template; the id is substituted into JSON',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const raw = variables.id;
      const id = Array.isArray(raw) ? raw.join(',') : String(raw ?? '');
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: templateData(id) }] };
    },
  );
}
