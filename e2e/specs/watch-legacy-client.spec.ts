/**
 * Watching a 2025-11-25 client: the official TypeScript SDK's `Client` on the 2025-11-25 era calls the reference
 * everything server's `trigger-elicitation-request` through a proxy the page starts. The server pushes
 * `elicitation/create` on the call's SSE stream and the client POSTs its answer; the call completes. The page shows the
 * session (initialize, its Mcp-Session-Id) and the call as one conversation: call -> pushed elicitation -> the client's
 * answer -> result. Held: with "Hold server responses" the call's SSE answer waits at its result event while the pushed
 * elicitation before it flows, and the result edited in the page is what the client prints; with "Hold client
 * requests" the client's answer POST waits for Forward, and the call completes once it goes on; dropped instead, the
 * client hears HTTP 503, the server never gets the answer, and the call waits on with its answer marked not delivered.
 */
import { expect } from '@playwright/test';
import {
  startEverythingServer,
  type EverythingServer,
} from '../../src/node/test-servers/everything-server.fixtures.ts';
import { test } from '../fixtures.ts';
import type { InspectorPage } from '../pages/inspector-page.ts';
import { WatchPage } from '../pages/watch-page.ts';
import { runTsClient } from '../clients/run-ts-client.ts';

test.describe('a 2025-11-25 client through the proxy', () => {
  test.describe.configure({ timeout: 120_000 });
  let server: EverythingServer | undefined;
  test.afterEach(async ({ inspector }) => {
    // a journey that failed half way leaves no proxy running for the next one (each page follows every proxy)
    if (server) await new WatchPage(inspector).stopIfRunning(server.url);
    await server?.close();
    server = undefined;
  });

  /** The everything server started, the page connected to it (2025-11-25) and a proxy started in front of it. */
  async function watchEverythingServer(
    inspector: InspectorPage,
  ): Promise<{ watch: WatchPage; proxyUrl: string; serverUrl: string }> {
    server = await startEverythingServer();
    await inspector.page.goto(`/?server=${encodeURIComponent(server.url)}`);
    await expect(inspector.status).toContainText('era 2025-11-25');
    const watch = new WatchPage(inspector);
    return { watch, proxyUrl: await watch.start(server.url), serverUrl: server.url };
  }

  test('its call, the elicitation the server pushes on the call stream and its answer read as one conversation', async ({
    inspector,
  }) => {
    const { watch, proxyUrl, serverUrl } = await watchEverythingServer(inspector);

    const run = runTsClient(proxyUrl, 'legacy', 'trigger-elicitation-request');
    const done = await run.done;
    expect(done).toMatchObject({ isError: false });
    expect(done.text).toContain('User provided the requested information');

    // the session: the client's initialize (labelled from it, as is everything after it in that session)
    const timeline = inspector.timeline;
    await expect(
      timeline.getByRole('button', { name: /^[\d:]+ ts-watch-client 2\.4\.0 · other traffic/ }),
    ).toBeVisible();
    await expect(timeline.getByRole('button', { name: /unknown client/ })).toHaveCount(0);
    const initialize = timeline.getByRole('button', { name: /^Round \d+ initialize : complete HTTP 200/ });
    await initialize.click();
    // each leg judged by what it is: the initialize that opens the session carries no session id and lint finds
    // nothing wrong with it, the notification's 202 is accepted, the session's GET is a stream, none is invalid
    await expect(initialize).not.toContainText('lint:');
    await expect(
      timeline.getByRole('button', { name: /^Round \d+ notifications\/initialized : accepted HTTP 202/ }),
    ).toBeVisible();
    await expect(timeline.getByRole('button', { name: /^Round \d+ GET : stream HTTP 200/ })).toBeVisible();
    await expect(timeline.getByRole('button', { name: /invalid response/ })).toHaveCount(0);
    const legInspector = inspector.page.getByRole('region', { name: 'Leg inspector' });
    await expect(legInspector.getByRole('table', { name: 'Response headers' })).toContainText(/mcp-session-id/i);
    await expect(legInspector.getByRole('group', { name: 'Response body' })).toContainText('"protocolVersion"');

    // the call: the elicitation pushed on its stream, answered by the client, then the result
    await expect(
      timeline.getByRole('button', { name: /^[\d:]+ trigger-elicitation-request · ts-watch-client 2\.4\.0 complete/ }),
    ).toContainText('2 legs');
    const pushed = timeline.getByRole('button', {
      name: /^Round 1 elicitation\/create server → client: .* asks elicitation\/create #\d+ · answers elicitation\/create #\d+/,
    });
    await pushed.click();
    await expect(legInspector.getByRole('group', { name: 'Response body' })).toContainText('"elicitation/create"');
    // on the stream of the call the client sent in its session
    await legInspector.getByRole('tab', { name: 'Request' }).click();
    await expect(legInspector.getByRole('table', { name: 'Request headers' })).toContainText(/mcp-session-id/i);
    await expect(legInspector.getByRole('group', { name: 'Request body' })).toContainText('"tools/call"');
    await expect(
      timeline.getByRole('button', { name: /^Round 2 tools\/call trigger-elicitation-request: complete HTTP 200/ }),
    ).toBeVisible();
    // the answer is the call's: no other traffic leg is a response
    await expect(timeline.getByRole('button', { name: /^Round \d+ response/ })).toHaveCount(0);

    await watch.stop(serverUrl);
  });

  test('a held SSE answer: the elicitation pushed before it still flows, and the result edited in the page is what the client reads', async ({
    inspector,
  }) => {
    const { watch, proxyUrl, serverUrl } = await watchEverythingServer(inspector);
    await watch.holdResponses.check();

    const run = runTsClient(proxyUrl, 'legacy', 'trigger-elicitation-request');
    // its initialize's answer and the rest of its session's traffic go on unchanged, until the call's result is held
    const held = await watch.forwardHeldUntil('response', 'User provided the requested information');
    await expect(held.getByText('What arrived (HTTP 200, the response event of an SSE answer)')).toBeVisible();
    expect(run.exited()).toBe(false);
    // the call's stream did not stop at the held event: the elicitation pushed on it before the result reached the
    // client (the server has its answer: the result it holds is made from it)
    await expect(
      inspector.timeline.getByRole('button', {
        name: /^Round 1 elicitation\/create server → client: .* asks elicitation\/create #\d+/,
      }),
    ).toBeVisible();
    await expect(held.getByRole('textbox', { name: 'Result' })).toHaveValue(/Name: watched/);

    const result = held.getByRole('textbox', { name: 'Result' });
    const arrived = await result.inputValue();
    await result.fill(arrived.replace('User provided the requested information', 'The inspector rewrote this answer'));
    await held.getByRole('button', { name: 'Forward' }).click();
    await expect(held).toBeHidden();

    const done = await run.done;
    expect(done).toMatchObject({ isError: false });
    expect(done.text).toContain('The inspector rewrote this answer');
    expect(done.text).not.toContain('User provided the requested information');

    await watch.stop(serverUrl);
  });

  test("a held answer POST: the client's answer to the pushed elicitation waits for Forward, then the call completes", async ({
    inspector,
  }) => {
    const { watch, proxyUrl, serverUrl } = await watchEverythingServer(inspector);
    await watch.holdRequests.check();

    const run = runTsClient(proxyUrl, 'legacy', 'trigger-elicitation-request');
    // its initialize, notifications, session stream and call go on unchanged, until it POSTs its answer
    const answer = await watch.forwardHeldUntil('request', '"action":"accept"');
    await expect(answer).toContainText(/The client has waited \d+ s/);
    // the server still waits for that answer: the call's result has not come
    await expect(
      inspector.timeline.getByRole('button', {
        name: /^Round 1 elicitation\/create server → client: .* asks elicitation\/create #\d+$/,
      }),
    ).toBeVisible();
    expect(run.exited()).toBe(false);

    await answer.getByRole('button', { name: 'Forward' }).click();
    const done = await run.done;
    expect(done).toMatchObject({ isError: false });
    expect(done.text).toContain('User provided the requested information');
    await expect(
      inspector.timeline.getByRole('button', {
        name: /^Round 2 tools\/call trigger-elicitation-request: complete HTTP 200/,
      }),
    ).toBeVisible();

    await watch.stop(serverUrl);
  });

  test('a dropped answer POST never reaches the server: the call waits on, its answer marked not delivered', async ({
    inspector,
  }) => {
    const { watch, proxyUrl, serverUrl } = await watchEverythingServer(inspector);
    await watch.holdRequests.check();

    const run = runTsClient(proxyUrl, 'legacy', 'trigger-elicitation-request');
    const ended = run.done.then(
      () => 'printed',
      () => 'killed',
    );
    const answer = await watch.forwardHeldUntil('request', '"action":"accept"');
    await answer.getByRole('button', { name: 'Drop' }).click();
    await expect(answer).toBeHidden();

    // the pushed request's leg: the client answered it, and that answer never reached the server
    const pushed = inspector.timeline.getByRole('button', {
      name: /^Round 1 elicitation\/create server → client: .* answers elicitation\/create #\d+ \(not delivered\)/,
    });
    await expect(pushed).toBeVisible();
    // so the server still waits for it, and so does the client's call
    await expect(
      inspector.timeline.getByRole('button', {
        name: /^[\d:]+ trigger-elicitation-request · ts-watch-client 2\.4\.0 in flight/,
      }),
    ).toBeVisible();
    await expect(
      inspector.timeline.getByRole('button', { name: /^Round 2 tools\/call trigger-elicitation-request/ }),
    ).toHaveCount(0);
    expect(run.exited()).toBe(false);
    // and the call's Result says so, with why, rather than that the response went out
    await pushed.click();
    const result = inspector.page.getByRole('region', { name: 'Result' });
    await expect(result.getByRole('status')).toContainText(
      'not delivered The response did not reach the server (dropped in the inspector (held request)).',
    );
    await expect(result).not.toContainText('went out');

    run.child.kill();
    expect(await ended).toBe('killed');
    await watch.stop(serverUrl);
  });
});
