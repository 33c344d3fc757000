import { describe, expect, it } from 'vitest';
import { useMockServer } from '../mock-rpc.fixtures.ts';
import { RED_SQUARE_PNG } from './media.ts';
import { argumentsText, EMBEDDED_PROMPT_RESOURCE_TEXT, SIMPLE_PROMPT_TEXT } from './reference-prompts.ts';

const { rpc } = useMockServer();

const getPrompt = (name: string, args?: Record<string, string>) =>
  rpc('prompts/get', { name, ...(args ? { arguments: args } : {}) });

describe('reference prompts', () => {
  it('lists the four reference prompts with descriptions and the declared arguments', async () => {
    const prompts = (await rpc('prompts/list')).body.result?.prompts as {
      name: string;
      description?: string;
      arguments?: { name: string; required?: boolean }[];
    }[];
    const byName = new Map(prompts.map((p) => [p.name, p]));
    for (const name of [
      'test_simple_prompt',
      'test_prompt_with_arguments',
      'test_prompt_with_embedded_resource',
      'test_prompt_with_image',
    ]) {
      expect(byName.get(name)?.description).toEqual(expect.any(String));
    }
    expect(byName.get('test_prompt_with_arguments')?.arguments).toEqual([
      expect.objectContaining({ name: 'arg1', required: true }),
      expect.objectContaining({ name: 'arg2', required: true }),
    ]);
    expect(byName.get('test_prompt_with_embedded_resource')?.arguments).toEqual([
      expect.objectContaining({ name: 'resourceUri', required: true }),
    ]);
  });

  it('returns one user text message when test_simple_prompt is got without arguments', async () => {
    const res = await getPrompt('test_simple_prompt');
    expect(res.body.result?.messages).toEqual([{ role: 'user', content: { type: 'text', text: SIMPLE_PROMPT_TEXT } }]);
  });

  it('substitutes arg1 and arg2 when test_prompt_with_arguments is got', async () => {
    const res = await getPrompt('test_prompt_with_arguments', { arg1: 'hello', arg2: 'world' });
    expect(res.body.result?.messages).toEqual([
      { role: 'user', content: { type: 'text', text: "Prompt with arguments: arg1='hello', arg2='world'" } },
    ]);
    expect(argumentsText('hello', 'world')).toBe("Prompt with arguments: arg1='hello', arg2='world'");
  });

  it('refuses test_prompt_with_arguments with -32602 when arg2 is missing', async () => {
    const res = await getPrompt('test_prompt_with_arguments', { arg1: 'hello' });
    expect(res.body.error?.code).toBe(-32602);
  });

  it('embeds a text resource at the given URI, then an instruction', async () => {
    const res = await getPrompt('test_prompt_with_embedded_resource', { resourceUri: 'test://example-resource' });
    expect(res.body.result?.messages).toEqual([
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: { uri: 'test://example-resource', mimeType: 'text/plain', text: EMBEDDED_PROMPT_RESOURCE_TEXT },
        },
      },
      { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
    ]);
  });

  it('returns an image message, then a question, when test_prompt_with_image is got', async () => {
    const res = await getPrompt('test_prompt_with_image');
    expect(res.body.result?.messages).toEqual([
      { role: 'user', content: { type: 'image', data: RED_SQUARE_PNG, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ]);
  });
});
