import { vi } from 'vitest';
import type { ComposerProps } from './composer.tsx';

/** Props of a retry composer holding a short state, every callback a spy; `over` replaces any of them. */
export function composerProps(over: Partial<ComposerProps> = {}): ComposerProps {
  return {
    isRetry: true,
    url: 'http://127.0.0.1:1/mcp',
    headers: [['Mcp-Method', 'tools/call']],
    body: '{"jsonrpc":"2.0","id":2,"method":"tools/call"}',
    problems: [],
    requestState: 'v1.abc.def',
    originalRequestState: 'v1.abc.def',
    unanswered: [],
    bodyEdited: false,
    inFlight: false,
    running: false,
    roundCap: 10,
    onRequestState: vi.fn(),
    onBody: vi.fn(),
    onSend: vi.fn(),
    onRun: vi.fn(),
    onAbort: vi.fn(),
    onRoundCap: vi.fn(),
    onReset: vi.fn(),
    ...over,
  };
}
