/**
 * `mrtr-inspector replay <file> (--server URL | --stdio "<command>") [--junit out.xml] [--json] [--ignore …]`: exit 0
 * same, 1 diverged, 2 unreadable (or the stdio server did not start).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseRecordingFile } from '../../session/io/recordings.ts';
import { factsLine } from '../../session/flows/compare-legs.ts';
import { replayAll, type ReplayResult } from '../../session/flows/replay.ts';
import type { Recording } from '../../session/io/recordings.ts';
import { startStdioBridge, type StdioBridge } from '../stdio/stdio-bridge.ts';
import type { Command } from './args.ts';
import { nodeDriver } from './node-driver.ts';

/** A readable report: one line per conversation, and for a divergence each round with what differs. */
export function formatReplay(results: readonly ReplayResult[], server: string): string {
  const lines: string[] = [`Replay against ${server}`, ''];
  for (const r of results) {
    lines.push(
      `${r.passed ? 'PASS' : 'FAIL'}  ${r.title} (${r.method}, ${r.rounds.length} round${r.rounds.length === 1 ? '' : 's'})`,
    );
    for (const round of r.rounds) {
      if (!round.differences.length) {
        if (!r.passed) lines.push(`      round ${round.round}: same (${factsLine(round.live)})`);
        continue;
      }
      lines.push(`      round ${round.round}: differs`);
      for (const d of round.differences) {
        lines.push(`        ${d.field}${d.path ? ` ${d.path}` : ''}`);
        lines.push(`          - recorded: ${d.recorded}`);
        lines.push(`          + live:     ${d.live}`);
      }
    }
    for (const u of r.unanswered) lines.push(`      note: no recorded answer for ${u}`);
  }
  const failed = results.filter((r) => !r.passed).length;
  lines.push(
    '',
    `${results.length - failed} of ${results.length} conversations replayed the same${failed ? `; ${failed} diverged` : ''}.`,
  );
  return lines.join('\n');
}

/** Text as XML character data or an attribute value. */
export function xml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** JUnit XML: one testsuite, one testcase per conversation, a <failure> listing its differences. */
export function junitReport(results: readonly ReplayResult[], server: string): string {
  const failures = results.filter((r) => !r.passed).length;
  const cases = results.map((r) => {
    const name = `${r.title} (${r.method})`;
    if (r.passed) return `    <testcase classname="mrtr-replay" name="${xml(name)}"/>`;
    const detail = r.rounds
      .flatMap((round) =>
        round.differences.map(
          (d) => `round ${round.round} ${d.field}${d.path ? ` ${d.path}` : ''}: recorded ${d.recorded}, live ${d.live}`,
        ),
      )
      .join('\n');
    const first = detail.split('\n')[0] ?? 'diverged';
    return `    <testcase classname="mrtr-replay" name="${xml(name)}">\n      <failure message="${xml(first)}">${xml(detail)}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${results.length}" failures="${failures}">`,
    `  <testsuite name="mrtr-inspector replay ${xml(server)}" tests="${results.length}" failures="${failures}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** Where a replay over `--stdio` says its legs go (the bridge answers them in this process; no request leaves it). */
const STDIO_REPLAY_URL = 'http://127.0.0.1/__stdio/replay/mcp';

/**
 * What to say when the file holds conversations tapped from a stdio server (`mrtr-inspector tap`), or nothing. Replay
 * never starts a command read from a file, and the environment and directory the host gave that server are not in it
 * (they never leave the tap): the user names the command, and runs replay where the host would have run it.
 */
export function tappedNote(
  recordings: readonly Recording[],
  cmd: { server: string; stdio?: string[] },
): string | undefined {
  const tapped = recordings.filter((r) => r.tapped !== undefined);
  if (!tapped.length) return undefined;
  const commands = [...new Set(tapped.map((r) => r.tapped!))];
  const named = commands.map((c) => `"${c}"`).join(', ');
  const count = `${tapped.length} conversation${tapped.length === 1 ? ' was' : 's were'} tapped from the stdio server ${named}`;
  if (cmd.stdio) return `note: ${count}; they are replayed against ${cmd.server}, started here.`;
  return (
    `note: ${count}; they are replayed against ${cmd.server} as asked. To replay them against that server instead, ` +
    `name its command: --stdio "<command> <args>" (replay never runs a command read from a file, and the ` +
    `environment and directory its host gave it are not saved: run replay where the host runs it).`
  );
}

export async function replayCommand(cmd: Extract<Command, { kind: 'replay' }>): Promise<number> {
  let text: string;
  try {
    text = await readFile(cmd.file, 'utf8');
  } catch (err) {
    console.error(
      `mrtr-inspector replay: cannot read ${cmd.file}: ${err instanceof Error ? err.message : String(err)}`,
    );
    return 2;
  }
  const parsed = parseRecordingFile(text);
  if (!parsed.ok) {
    console.error(`mrtr-inspector replay: ${cmd.file} is not a session file or HAR: ${parsed.error}`);
    return 2;
  }
  if (!parsed.recordings.length) {
    console.error(`mrtr-inspector replay: ${cmd.file} holds no recorded conversation.`);
    return 2;
  }
  const note = tappedNote(parsed.recordings, cmd);
  if (note) console.error(note);
  let bridge: StdioBridge | undefined;
  if (cmd.stdio) {
    try {
      bridge = await startStdioBridge({ argv: cmd.stdio });
    } catch (err) {
      console.error(`mrtr-inspector replay: ${err instanceof Error ? err.message : String(err)}`);
      return 2;
    }
  }
  const stdio = bridge;
  const driver = stdio
    ? nodeDriver(STDIO_REPLAY_URL, 60_000, {}, (input, init) => stdio.handle(new Request(input, init)))
    : nodeDriver(cmd.server);
  let results: ReplayResult[];
  try {
    results = await replayAll(parsed.recordings, { driver, ignore: cmd.ignore });
  } finally {
    await bridge?.close();
  }
  if (cmd.json) console.log(JSON.stringify({ server: cmd.server, results }, null, 2));
  else console.log(formatReplay(results, cmd.server));
  if (cmd.junit) await writeFile(cmd.junit, junitReport(results, cmd.server));
  return results.every((r) => r.passed) ? 0 : 1;
}
