/**
 * The reference prompts of the conformance suite's server scenarios (`prompts-get-*`, `completion-complete`):
 *
 * - `test_simple_prompt`: no arguments, one user text message.
 * - `test_prompt_with_arguments {arg1, arg2}`: both substituted into the message; both complete
 *   (`completion/complete`, completions.ts), arg2 from the arg1 already chosen.
 * - `test_prompt_with_embedded_resource {resourceUri}`: an embedded text resource at that URI, then an instruction.
 * - `test_prompt_with_image`: an image message (PNG, media.ts), then an instruction.
 */
import { completable, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { completeArg1, completeArg2 } from './completions.ts';
import type { ScenarioContext } from './context.ts';
import { RED_SQUARE_PNG } from './media.ts';

export const SIMPLE_PROMPT_TEXT = 'This is a simple prompt for testing.';
export const EMBEDDED_PROMPT_RESOURCE_TEXT = 'Embedded resource content for testing.';

export function argumentsText(arg1: string, arg2: string): string {
  return `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`;
}

export function register(server: McpServer, _ctx: ScenarioContext): void {
  server.registerPrompt(
    'test_simple_prompt',
    { title: 'Simple prompt', description: 'Reference: no arguments, one user message' },
    () => ({ messages: [{ role: 'user', content: { type: 'text', text: SIMPLE_PROMPT_TEXT } }] }),
  );

  server.registerPrompt(
    'test_prompt_with_arguments',
    {
      title: 'Prompt with arguments',
      description: 'Reference: arg1 and arg2 substituted into the message; both complete',
      argsSchema: z.object({
        arg1: completable(z.string().describe('First test argument'), (typed) => completeArg1(typed)),
        arg2: completable(z.string().describe('Second test argument'), (typed, context) =>
          completeArg2(typed, context),
        ),
      }),
    },
    ({ arg1, arg2 }) => ({ messages: [{ role: 'user', content: { type: 'text', text: argumentsText(arg1, arg2) } }] }),
  );

  server.registerPrompt(
    'test_prompt_with_embedded_resource',
    {
      title: 'Prompt with an embedded resource',
      description: 'Reference: embeds a text resource at the URI given, then asks to process it',
      argsSchema: z.object({ resourceUri: z.string().describe('URI of the resource to embed') }),
    },
    ({ resourceUri }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: resourceUri, mimeType: 'text/plain', text: EMBEDDED_PROMPT_RESOURCE_TEXT },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    }),
  );

  server.registerPrompt(
    'test_prompt_with_image',
    { title: 'Prompt with an image', description: 'Reference: an image message (16 x 16 PNG), then a question' },
    () => ({
      messages: [
        { role: 'user', content: { type: 'image', data: RED_SQUARE_PNG, mimeType: 'image/png' } },
        { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
      ],
    }),
  );
}
