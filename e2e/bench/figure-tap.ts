/**
 * Figures: the stdio tap (`mrtr-inspector tap -- <server>`) between a host and its server, nothing held, an inspector
 * connected (the tap reporting every message to its hub, in a process of its own as in real use):
 * - a round trip through the tap − the same round trip straight to the server (median, ms);
 * - a round trip through the tap ÷ through a bare pass-through Node process (bare-pipe-child.ts: the floor of any
 *   process between the two);
 * - a 10 MB message passes whole.
 * The three sides run the same echo server (stdio-echo-child.ts), interleaved in blocks in one run.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { row, type FigureRow } from './report.ts';
import { compareMedians, summarize } from './stats.ts';

const HERE = import.meta.dirname;
const MAIN = join(HERE, '..', '..', 'src', 'node', 'cli', 'main.ts');
const ECHO = [process.execPath, '--import', 'tsx', join(HERE, 'stdio-echo-child.ts')];
/** A host's launch of the tap in front of the echo server, reporting to the inspector at `inspector`. */
export function tapArgv(inspector: string, options: string[] = []): string[] {
  return [process.execPath, '--import', 'tsx', MAIN, 'tap', '--inspector', inspector, ...options, '--', ...ECHO];
}
const BARE = [process.execPath, '--import', 'tsx', join(HERE, 'bare-pipe-child.ts'), '--'];
const BIG = 10 * 1024 * 1024;
/** The round trips of each side are taken in this many blocks, the three sides' blocks interleaved. */
const BLOCKS = 20;

type TapSides = 'straight' | 'bare' | 'tap';

/**
 * The two round-trip rows from the three sides' times (each side's in the order taken, block after block): through
 * the tap − straight (budget 1 ms) and through the tap ÷ through the bare pass-through (budget 1.15), each a
 * comparison of medians whose range is the same comparison in each block.
 */
export function roundTripRows(times: Record<TapSides, number[]>, note: string): FigureRow[] {
  const by = (of: TapSides, combine: (a: number, b: number) => number) =>
    compareMedians(times.tap, times[of], BLOCKS, combine);
  const range = `; min/max: the same comparison of medians in each of the ${BLOCKS} blocks`;
  return [
    row(
      {
        id: 'tap',
        figure: 'a round trip through the tap − straight to the server, nothing held',
        unit: 'ms',
        summary: by('straight', (a, b) => a - b),
        note: note + range,
      },
      { value: 1, text: '<= 1 ms (median)' },
    ),
    row(
      {
        id: 'tap',
        figure: 'a round trip through the tap ÷ through a bare pass-through Node process',
        unit: '×',
        summary: by('bare', (a, b) => a / b),
        note: note + range,
      },
      { value: 1.15, text: '<= 1.15' },
    ),
  ];
}

export interface Side {
  child: ChildProcessWithoutNullStreams;
  /** write one line, resolve with the answer line */
  trip(line: string): Promise<string>;
  close(): Promise<void>;
}

export function side(argv: string[], env: NodeJS.ProcessEnv): Side {
  const child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], env });
  child.stderr.resume();
  const waiting: ((line: string) => void)[] = [];
  let parts: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      parts.push(chunk.subarray(start, nl));
      const line = Buffer.concat(parts).toString();
      parts = [];
      waiting.shift()?.(line);
      start = nl + 1;
    }
    if (start < chunk.length) parts.push(chunk.subarray(start));
  });
  return {
    child,
    trip: (line) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${line}\n`);
      }),
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}

async function timed(s: Side, id: number): Promise<number> {
  const t0 = performance.now();
  await s.trip(`{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"echo","arguments":{"n":${id}}}}`);
  return performance.now() - t0;
}

/** The hub in its own process (tap-hub-child.ts): its address, the environment a tap needs, and its end. */
async function startHub(): Promise<{ url: string; env: NodeJS.ProcessEnv; connected: Promise<void>; close(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'tap-hub-child.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  let connected: () => void = () => undefined;
  const told = new Promise<{ url: string; dir: string }>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const first = out.split('\n')[0];
      if (out.includes('\n') && first) resolve(JSON.parse(first) as { url: string; dir: string });
      if (out.includes('connected\n')) connected();
    }),
  );
  const { url, dir } = await told;
  return {
    url,
    env: { ...process.env, MRTR_INSPECTOR_RUNTIME_DIR: dir },
    connected: new Promise((resolve) => (connected = resolve)),
    close: () => child.stdin.end(),
  };
}

export async function measureTap(trips: number): Promise<FigureRow[]> {
  const inspector = await startHub();
  const env = inspector.env;
  const sides = {
    straight: side(ECHO, env),
    bare: side([...BARE, ...ECHO], env),
    tap: side(tapArgv(inspector.url), env),
  };
  const times: Record<keyof typeof sides, number[]> = { straight: [], bare: [], tap: [] };
  try {
    // warm: every process started and the tap connected to the hub
    await inspector.connected;
    for (const s of Object.values(sides)) for (let i = 0; i < 50; i++) await timed(s, i);
    let id = 1_000;
    const order = Object.keys(sides) as (keyof typeof sides)[];
    for (let block = 0; block < BLOCKS; block++) {
      // the order rotates, so no side always follows another
      const turn = [...order.slice(block % 3), ...order.slice(0, block % 3)];
      for (const name of turn)
        for (let i = 0; i < trips / BLOCKS; i++) times[name].push(await timed(sides[name], id++));
    }
    const big = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"text":"${'x'.repeat(BIG)}"}}`;
    const t0 = performance.now();
    const answer = await sides.tap.trip(big);
    const bigMs = performance.now() - t0;
    const whole = answer.includes(`"bytes":${big.length}`);
    const straight = summarize(times.straight);
    const tap = summarize(times.tap);
    const bare = summarize(times.bare);
    const note = `${tap.runs} round trips per side, interleaved in ${BLOCKS} blocks; medians: straight ${straight.median.toFixed(3)} ms, bare pass-through ${bare.median.toFixed(3)} ms, tap ${tap.median.toFixed(3)} ms; the tap reports every message to an inspector's hub (its own process)`;
    const bigRow = row({
      id: 'tap',
      figure: 'a 10 MB message through the tap (host -> server, the answer back)',
      unit: 'ms',
      summary: summarize([bigMs]),
      note: whole ? 'passed whole' : 'did NOT pass whole',
    });
    return [
      ...roundTripRows(times, note),
      whole
        ? { ...bigRow, budget: 'passes whole', status: 'PASS' }
        : { ...bigRow, budget: 'passes whole', status: 'FAIL' },
    ];
  } finally {
    await Promise.allSettled(Object.values(sides).map((s) => s.close()));
    inspector.close();
  }
}
