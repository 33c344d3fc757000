/**
 * The tap's side of fresh instances: whatever the hub's message carries besides a number, the tap launches only its
 * own command, with its own environment and directory, and only a few at once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HubToTap, TapToHub } from './tap-wire.ts';
import { FreshChildren, MAX_FRESH_CHILDREN } from './tap-fresh-children.ts';

// prints what it was launched with, then waits for its stdin to end
const SERVER = `process.stdout.write(JSON.stringify({ argv: process.argv.slice(1), mark: process.env.MARK, cwd: process.cwd() }) + '\\n'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`;

let children: FreshChildren | undefined;
afterEach(() => children?.closeAll());

function tap(): { told: TapToHub[]; children: FreshChildren; cwd: string } {
  const told: TapToHub[] = [];
  const cwd = mkdtempSync(join(tmpdir(), 'mrtr-fresh-children-'));
  children = new FreshChildren(
    { command: process.execPath, args: ['-e', SERVER, 'own-arg'], env: { ...process.env, MARK: 'tap-env' }, cwd },
    (m) => told.push(m),
  );
  return { told, children, cwd };
}

describe("the tap's fresh instances", () => {
  it('launch its own command, environment and directory, whatever else the message carries', async () => {
    const { told, children, cwd } = tap();
    const hostile = { t: 'fresh-start', fresh: 1, command: ['/bin/sh', '-c', 'echo owned'], args: ['x'], env: {} };
    children.told(hostile as unknown as Extract<HubToTap, { t: 'fresh-start' }>);
    await expect.poll(() => told.find((m) => m.t === 'fresh-out')).toBeDefined();
    const out = told.find((m): m is Extract<TapToHub, { t: 'fresh-out' | 'fresh-err' }> => m.t === 'fresh-out')!;
    expect(JSON.parse(out.data)).toEqual({ argv: ['own-arg'], mark: 'tap-env', cwd });
    expect(told[0]).toEqual({ t: 'fresh-started', fresh: 1 });
  });

  it(`run at most ${MAX_FRESH_CHILDREN} at once; one more is refused with why`, async () => {
    const { told, children } = tap();
    for (let n = 1; n <= MAX_FRESH_CHILDREN + 1; n++) children.told({ t: 'fresh-start', fresh: n });
    await expect.poll(() => told.filter((m) => m.t === 'fresh-started').length).toBe(MAX_FRESH_CHILDREN);
    expect(told.find((m) => m.t === 'fresh-failed')).toEqual({
      t: 'fresh-failed',
      fresh: MAX_FRESH_CHILDREN + 1,
      message: expect.stringContaining('stop one first'),
    });
  });
});
