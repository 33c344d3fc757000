import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeldItem } from './held-item.tsx';
import { WatchedClients } from './watched-clients.tsx';

afterEach(cleanup);

const parts = { requestState: 'abc', answers: '{}', params: '{"name":"a"}', headers: 'content-type: application/json' };

describe('HeldItem', () => {
  it('shows what arrived as text and how long the client has waited, and forwards the edits', () => {
    const onForward = vi.fn();
    render(
      <HeldItem
        stage="request"
        at={1_000}
        arrivedHeaders={[['authorization', 'Bearer [redacted]']]}
        arrivedBody={'<img src=x onerror=alert(1)>'}
        parts={parts}
        now={() => 13_500}
        onForward={onForward}
        onDrop={vi.fn()}
        onDismiss={vi.fn()}
      />,
    );
    const region = screen.getByRole('region', { name: 'Held request' });
    expect(region.textContent).toContain('The client has waited 12 s');
    expect(screen.getByLabelText('Body as it arrived').textContent).toBe('<img src=x onerror=alert(1)>');
    expect(region.querySelector('img')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'requestState' }), { target: { value: 'abd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Forward' }));
    expect(onForward).toHaveBeenCalledWith({ ...parts, requestState: 'abd' });
  });

  it("offers the requestState lab for a held request's state: a flipped bit or a dropped field is what Forward sends", () => {
    const onForward = vi.fn();
    render(
      <HeldItem
        stage="request"
        at={0}
        arrivedHeaders={[]}
        arrivedBody="{}"
        parts={parts}
        now={() => 0}
        onForward={onForward}
        onDrop={vi.fn()}
        onDismiss={vi.fn()}
        renderStateLab={(value, onChange) => (
          // stands for the screen's requestState lab: it edits the value it is given, or drops it
          <section aria-label="requestState lab">
            <button type="button" onClick={() => onChange(`\`${(value ?? '').slice(1)}`)}>
              Flip a bit of byte 0
            </button>
            <button type="button" onClick={() => onChange(null)}>
              Drop requestState
            </button>
            <button type="button" onClick={() => onChange('abc')}>
              Restore original
            </button>
          </section>
        )}
      />,
    );
    const lab = screen.getByRole('region', { name: 'requestState lab' });
    fireEvent.click(within(lab).getByRole('button', { name: 'Flip a bit of byte 0' }));
    expect((screen.getByRole('textbox', { name: 'requestState' }) as HTMLTextAreaElement).value).toBe('`bc');
    fireEvent.click(screen.getByRole('button', { name: 'Forward' }));
    expect(onForward).toHaveBeenLastCalledWith({ ...parts, requestState: '`bc' });

    fireEvent.click(within(lab).getByRole('button', { name: 'Drop requestState' }));
    expect(screen.queryByRole('textbox', { name: 'requestState' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Forward' }));
    expect(onForward).toHaveBeenLastCalledWith({ ...parts, requestState: null });
    fireEvent.click(within(lab).getByRole('button', { name: 'Restore original' }));
    expect((screen.getByRole('textbox', { name: 'requestState' }) as HTMLTextAreaElement).value).toBe('abc');
  });

  it("edits the result of a held SSE answer's response event, without offering its headers", () => {
    const onForward = vi.fn();
    const answerParts = { result: '{"content":[]}', headers: 'content-type: text/event-stream' };
    render(
      <HeldItem
        stage="response"
        at={0}
        arrivedHeaders={[]}
        arrivedBody="{}"
        status={200}
        sseEvent
        parts={answerParts}
        now={() => 0}
        onForward={onForward}
        onDrop={vi.fn()}
        onDismiss={vi.fn()}
      />,
    );
    const region = screen.getByRole('region', { name: 'Held response' });
    expect(within(region).queryByRole('textbox', { name: /^Headers/ })).toBeNull();
    fireEvent.change(within(region).getByRole('textbox', { name: 'Result' }), {
      target: { value: '{"content":[{"type":"text","text":"edited"}]}' },
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Forward' }));
    expect(onForward).toHaveBeenCalledWith({ ...answerParts, result: '{"content":[{"type":"text","text":"edited"}]}' });
  });

  it('offers no lab when the item came without a requestState', () => {
    const renderStateLab = vi.fn(() => <p>lab</p>);
    render(
      <HeldItem
        stage="response"
        at={0}
        arrivedHeaders={[]}
        arrivedBody="{}"
        parts={{ headers: '' }}
        now={() => 0}
        onForward={vi.fn()}
        onDrop={vi.fn()}
        onDismiss={vi.fn()}
        renderStateLab={renderStateLab}
      />,
    );
    expect(renderStateLab).not.toHaveBeenCalled();
  });

  it('says the client gave up, and offers only Dismiss', () => {
    render(
      <HeldItem
        stage="response"
        at={0}
        goneAt={4_000}
        arrivedHeaders={[]}
        arrivedBody="{}"
        parts={{ headers: '' }}
        now={() => 9_000}
        onForward={vi.fn()}
        onDrop={vi.fn()}
        onDismiss={vi.fn()}
      />,
    );
    expect(screen.getByRole('region', { name: 'Held response' }).textContent).toContain('The client gave up after 4 s');
    expect(screen.queryByRole('button', { name: 'Forward' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
  });

  it('says the inspector restarted and the held request is gone (not that the client gave up), and offers only Dismiss', () => {
    const onDismiss = vi.fn();
    render(
      <HeldItem
        stage="request"
        at={0}
        goneAt={4_000}
        restarted
        arrivedHeaders={[]}
        arrivedBody="{}"
        parts={{ headers: '' }}
        now={() => 9_000}
        onForward={vi.fn()}
        onDrop={vi.fn()}
        onDismiss={onDismiss}
      />,
    );
    const status = within(screen.getByRole('region', { name: 'Held request' })).getByRole('status');
    expect(status.textContent).toBe(
      'The inspector restarted: this held request is gone, and it never reached the server.',
    );
    expect(screen.queryByRole('button', { name: 'Forward' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Drop' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it("edits only the body of an SSE answer's held response event: its headers have already gone", () => {
    const onForward = vi.fn();
    render(
      <HeldItem
        stage="response"
        at={0}
        arrivedHeaders={[['content-type', 'text/event-stream']]}
        arrivedBody='{"jsonrpc":"2.0","id":7,"result":{"requestState":"s1"}}'
        status={200}
        sseEvent
        parts={{ requestState: 's1', headers: 'content-type: text/event-stream' }}
        now={() => 0}
        onForward={onForward}
        onDrop={vi.fn()}
        onDismiss={vi.fn()}
      />,
    );
    const region = screen.getByRole('region', { name: 'Held response' });
    expect(region.textContent).toContain('the response event of an SSE answer');
    expect(within(region).queryByRole('textbox', { name: /Headers/ })).toBeNull();
    fireEvent.change(within(region).getByRole('textbox', { name: 'requestState' }), { target: { value: 's2' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Forward' }));
    expect(onForward).toHaveBeenCalledWith({ requestState: 's2', headers: 'content-type: text/event-stream' });
  });
});

describe('WatchedClients', () => {
  it('offers only the start button until a proxy runs, then lists each with its counts and switches', () => {
    const onStart = vi.fn();
    const onHold = vi.fn();
    const onStop = vi.fn();
    const { rerender } = render(
      <WatchedClients
        proxies={[]}
        connected
        currentServer="http://s/mcp"
        onHold={onHold}
        onStart={onStart}
        onStop={onStop}
      />,
    );
    expect(screen.queryByRole('region', { name: 'Watched clients' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start a proxy for this server' }));
    expect(onStart).toHaveBeenCalledWith('http://s/mcp');
    const proxy = {
      id: 'p1',
      url: 'http://127.0.0.1:9/mcp',
      target: 'http://s/mcp',
      holdRequests: false,
      holdResponses: false,
      counts: { requests: 3, responses: 2, refused: 1 },
    };
    rerender(
      <WatchedClients
        proxies={[proxy]}
        connected
        currentServer="http://s/mcp"
        onHold={onHold}
        onStart={onStart}
        onStop={onStop}
      />,
    );
    const item = screen.getByRole('listitem', { name: 'proxy to http://s/mcp' });
    expect(item.textContent).toContain('3 requests · 2 answers · 1 refused');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hold client requests' }));
    expect(onHold).toHaveBeenCalledWith('p1', 'request', true);
    expect(screen.queryByRole('button', { name: 'Start a proxy for this server' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Stop proxy' }));
    expect(onStop).toHaveBeenCalledWith('p1');
  });
});
