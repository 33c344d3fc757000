/**
 * The tap's side of fresh instances: on the hub's `fresh-start` the tap launches its own server command again, with
 * the very arguments, environment and working directory it launched the host's server with, and relays that child's
 * stdio over its channel (its stdin from `fresh-in`, its stdout and stderr as `fresh-out` / `fresh-err`). The hub's
 * message names no command: whoever speaks for the hub can only ask for another instance of what the tap already
 * runs. The children end when the channel does, or when the tap ends. Node-only.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import type { HubToTap, TapToHub } from './tap-wire.ts';

/** How many fresh instances one tap runs at once: a page asking again and again cannot fill the machine. */
export const MAX_FRESH_CHILDREN = 4;

type FreshMessage = Extract<HubToTap, { t: 'fresh-start' | 'fresh-in' | 'fresh-end' | 'fresh-kill' }>;

export function isFreshMessage(message: HubToTap): message is FreshMessage {
  return (
    message.t === 'fresh-start' || message.t === 'fresh-in' || message.t === 'fresh-end' || message.t === 'fresh-kill'
  );
}

export class FreshChildren {
  private readonly children = new Map<number, ChildProcessWithoutNullStreams>();

  constructor(
    private readonly launch: { command: string; args: readonly string[]; env: NodeJS.ProcessEnv; cwd: string },
    private readonly send: (message: TapToHub) => void,
  ) {}

  told(message: FreshMessage): void {
    const fresh = message.fresh;
    if (!Number.isInteger(fresh)) return;
    if (message.t === 'fresh-start') return this.start(fresh);
    const child = this.children.get(fresh);
    if (!child) return;
    if (message.t === 'fresh-in') {
      if (typeof message.data === 'string' && child.stdin.writable) child.stdin.write(message.data);
    } else if (message.t === 'fresh-end') child.stdin.end();
    else child.kill(message.signal === 'SIGKILL' ? 'SIGKILL' : 'SIGTERM');
  }

  /** The channel closed, or the tap ends: every fresh instance ends with it. */
  closeAll(): void {
    for (const child of this.children.values()) {
      child.stdin.end();
      child.kill('SIGTERM');
    }
    this.children.clear();
  }

  private start(fresh: number): void {
    if (this.children.has(fresh)) return;
    if (this.children.size >= MAX_FRESH_CHILDREN) {
      this.send({
        t: 'fresh-failed',
        fresh,
        message: `this tap already runs ${MAX_FRESH_CHILDREN} fresh instances of its server; stop one first`,
      });
      return;
    }
    const { command, args, env, cwd } = this.launch;
    const child = spawn(command, [...args], { stdio: 'pipe', env, cwd, shell: false });
    this.children.set(fresh, child);
    child.once('spawn', () => this.send({ t: 'fresh-started', fresh }));
    child.once('error', (error) => {
      if (this.children.get(fresh) !== child) return;
      this.children.delete(fresh);
      this.send({ t: 'fresh-failed', fresh, message: error.message });
    });
    const relay = (t: 'fresh-out' | 'fresh-err', stream: NodeJS.ReadableStream): void => {
      // text in order, a character never cut between two reports
      const decoder = new StringDecoder('utf8');
      stream.on('data', (chunk: Buffer) => {
        const data = decoder.write(chunk);
        if (data) this.send({ t, fresh, data });
      });
    };
    relay('fresh-out', child.stdout);
    relay('fresh-err', child.stderr);
    child.stdin.on('error', () => undefined);
    child.on('close', (code, signal) => {
      if (this.children.get(fresh) === child) this.children.delete(fresh);
      this.send({ t: 'fresh-exit', fresh, code, signal });
    });
    // a fresh instance never keeps the tap alive once the host's server ended
    child.unref();
  }
}
