import { describe, expect, it } from 'vitest';
import { tappedDestinationOf } from './tapped-destination.ts';

const OWN = 'stdio: python server.py --token [redacted]';

describe("the composer's line for a tapped conversation's leg", () => {
  it('says the leg goes to a fresh instance its tap launched the same way, and where', () => {
    const fresh = 'http://127.0.0.1:6280/__tap/t1/1/mcp';
    const note = tappedDestinationOf({ url: fresh, own: OWN, connected: fresh })?.destination.note;
    expect(note).toContain(`This leg goes to ${fresh}, a fresh instance of the tapped server "python server.py`);
    expect(note).toContain('same command, environment and directory');
  });

  it('says the tapped process itself cannot be reached, and how to reach a fresh instance', () => {
    const line = tappedDestinationOf({ url: OWN, own: OWN, connected: null })?.destination;
    expect(line?.note).toContain('which the page cannot reach');
    expect(line?.onSwitch).toBeUndefined();
  });

  it('leaves other conversations, and a leg aimed elsewhere by hand, to the usual line', () => {
    expect(tappedDestinationOf({ url: 'http://s/mcp', own: 'http://s/mcp', connected: null })).toBeUndefined();
    expect(tappedDestinationOf({ url: 'http://other/mcp', own: OWN, connected: null })).toBeUndefined();
  });
});
