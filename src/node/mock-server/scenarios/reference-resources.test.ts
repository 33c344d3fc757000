import { describe, expect, it } from 'vitest';
import { useMockServer } from '../mock-rpc.fixtures.ts';
import { RED_SQUARE_PNG } from './media.ts';
import { STATIC_TEXT, templateData } from './reference-resources.ts';

const { rpc } = useMockServer();

describe('reference resources', () => {
  it('lists the static text and binary resources with names and descriptions, and not the template', async () => {
    const resources = (await rpc('resources/list')).body.result?.resources as Record<string, unknown>[];
    const byUri = new Map(resources.map((r) => [r.uri, r]));
    expect(byUri.get('test://static-text')).toMatchObject({ name: 'static_text', mimeType: 'text/plain' });
    expect(byUri.get('test://static-binary')).toMatchObject({ name: 'static_binary', mimeType: 'image/png' });
    expect(byUri.get('test://static-text')?.description).toEqual(expect.any(String));
    expect([...byUri.keys()].some((uri) => String(uri).startsWith('test://template/'))).toBe(false);
  });

  it('reads test://static-text as text/plain', async () => {
    const res = await rpc('resources/read', { uri: 'test://static-text' });
    expect(res.body.result?.contents).toEqual([
      { uri: 'test://static-text', mimeType: 'text/plain', text: STATIC_TEXT },
    ]);
  });

  it('reads test://static-binary as an image/png blob', async () => {
    const res = await rpc('resources/read', { uri: 'test://static-binary' });
    expect(res.body.result?.contents).toEqual([
      { uri: 'test://static-binary', mimeType: 'image/png', blob: RED_SQUARE_PNG },
    ]);
  });

  it('lists the template test://template/{id}/data', async () => {
    const templates = (await rpc('resources/templates/list')).body.result?.resourceTemplates as Record<
      string,
      unknown
    >[];
    expect(templates).toContainEqual(
      expect.objectContaining({ name: 'template_data', uriTemplate: 'test://template/{id}/data' }),
    );
  });

  it('substitutes the id into JSON when test://template/123/data is read', async () => {
    const res = await rpc('resources/read', { uri: 'test://template/123/data' });
    const [item] = res.body.result?.contents ?? [];
    expect(item).toEqual({ uri: 'test://template/123/data', mimeType: 'application/json', text: templateData('123') });
    expect(JSON.parse(item!.text!)).toEqual({ id: '123', templateTest: true, data: 'Data for ID: 123' });
  });

  it('answers resource not found for a URI no resource or template matches', async () => {
    const res = await rpc('resources/read', { uri: 'test://template/123/other' });
    expect(res.body.error?.code).toBe(-32602);
  });
});
