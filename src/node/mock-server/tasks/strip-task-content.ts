/**
 * The SDK fills `content: []` into every content-less `tools/call` result before validating it, so a
 * `CreateTaskResult` leaves a handler as `{content: [], resultType: "task", taskId, ...}`. SEP-2663's
 * CreateTaskResult is flat `Result & Task` with no content: this removes the added empty array from JSON answers
 * whose result is a task (only those; every other response passes through untouched, SSE included).
 */
export async function stripTaskContent(res: Response): Promise<Response> {
  if (!res.headers.get('content-type')?.includes('application/json')) return res;
  const text = await res.text();
  const rebuilt = (body: string) =>
    new Response(body, { status: res.status, statusText: res.statusText, headers: new Headers(res.headers) });
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return rebuilt(text);
  }
  const result = (message as { result?: Record<string, unknown> } | null)?.result;
  if (!result || result.resultType !== 'task' || !Array.isArray(result.content) || result.content.length > 0) {
    return rebuilt(text);
  }
  delete result.content;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(message), { status: res.status, statusText: res.statusText, headers });
}
