/**
 * One direction of a tap (host -> server, or server -> host): the bytes go on as they arrive, and a copy of each whole
 * line is read. While something is held in this direction, lines queue behind it in order, so the other side sees
 * the messages in the order they were written. Node-only.
 */
import type { Readable, Writable } from 'node:stream';
import { LineCutter, lineEnd } from './tap-lines.ts';

/** How a held line goes on: as it came, as the user edited it (one line, its line end added), or not at all. */
export type PumpDecision = { kind: 'forward'; line?: string } | { kind: 'drop' };

export interface PumpOptions {
  source: Readable;
  sink: Writable;
  /** holding is on in this direction: whole lines are looked at one by one before they go on */
  holding(): boolean;
  /** a whole line that went on (or is about to), to read a copy of */
  seen(line: Buffer): void;
  /** whether this line waits for the user; then how it goes on (only asked while `holding()`) */
  hold(line: Buffer): Promise<PumpDecision> | undefined;
  /** the line was dropped: the side that waits for it is answered (by whoever owns the pump) */
  dropped(line: Buffer): void;
  /** the source ended and every byte went on */
  ended(): void;
}

export class Pump {
  private readonly cutter = new LineCutter();
  private readonly queue: Buffer[] = [];
  private draining = false;
  /** bytes of the line under way that already went on (written as they came, nothing held) */
  private openWritten = 0;
  /** lines written by the tap itself (a dropped item's answer), waiting for the line under way to end */
  private readonly injects: Buffer[] = [];
  private sourceEnded = false;

  constructor(private readonly opts: PumpOptions) {
    opts.source.on('data', (chunk: Buffer) => this.chunk(chunk));
    opts.source.on('end', () => {
      this.sourceEnded = true;
      this.finish();
    });
  }

  /** Write a whole line of the tap's own into this direction, between two lines of the source's. */
  inject(line: string): void {
    const bytes = Buffer.from(line);
    if (this.openWritten > 0) this.injects.push(bytes);
    else this.write(bytes);
  }

  private slow(): boolean {
    return this.draining || this.queue.length > 0 || this.opts.holding();
  }

  private write(bytes: Buffer): boolean {
    return this.opts.sink.writable ? this.opts.sink.write(bytes) : true;
  }

  private flushInjects(): void {
    while (this.injects.length) this.write(this.injects.shift()!);
  }

  private chunk(chunk: Buffer): void {
    if (!this.slow()) {
      // nothing held: the bytes go on at once, and are read after
      const unwritten = this.openWritten === 0 ? this.cutter.peek() : undefined;
      if (unwritten) this.write(unwritten);
      if (!this.write(chunk)) this.backpressure();
      const lines = this.cutter.push(chunk);
      for (const line of lines) this.opts.seen(line);
      this.openWritten = this.cutter.pending;
      if (this.openWritten === 0) this.flushInjects();
      return;
    }
    if (this.openWritten > 0) {
      // the line under way went on in part before holding began: the rest of it follows it
      const lf = chunk.indexOf(0x0a);
      const head = lf === -1 ? chunk : chunk.subarray(0, lf + 1);
      this.write(head);
      for (const line of this.cutter.push(head)) this.opts.seen(line);
      this.openWritten = this.cutter.pending;
      if (lf === -1) return;
      this.flushInjects();
      chunk = chunk.subarray(lf + 1);
    }
    this.queue.push(...this.cutter.push(chunk));
    void this.drain();
  }

  private backpressure(): void {
    this.opts.source.pause();
    this.opts.sink.once('drain', () => this.opts.source.resume());
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    while (this.queue.length) {
      const line = this.queue.shift()!;
      const waits = this.opts.holding() ? this.opts.hold(line) : undefined;
      if (!waits) {
        this.opts.seen(line);
        this.write(line);
        continue;
      }
      const decision = await waits;
      if (decision.kind === 'drop') this.opts.dropped(line);
      else this.write(decision.line === undefined ? line : Buffer.from(decision.line + lineEnd(line)));
    }
    this.draining = false;
    this.finish();
  }

  private finish(): void {
    if (!this.sourceEnded || this.draining || this.queue.length) return;
    const rest = this.cutter.rest();
    if (rest) {
      if (this.openWritten === 0) this.write(rest);
      this.opts.seen(rest);
    }
    this.flushInjects();
    this.opts.ended();
  }
}
