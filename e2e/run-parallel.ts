/**
 * Runs independent test suites (npm scripts) side by side and fails if any fails:
 *
 *   tsx e2e/run-parallel.ts test:conformance test:conformance:client test:package test:e2e:built
 *
 * Each suite's output is kept apart and printed whole when that suite ends (so the logs do not interleave), with its
 * time. The last line is a plain summary: `N passed, M failed` (suites, not tests).
 */
import { spawn } from 'node:child_process';

interface Outcome {
  script: string;
  code: number | null;
  ms: number;
}

function run(script: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d: Buffer) => chunks.push(d));
    child.on('close', (code) => {
      const ms = Date.now() - started;
      process.stdout.write(`\n===== ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(ms)}\n`);
      process.stdout.write(Buffer.concat(chunks));
      process.stdout.write(`===== end of ${script}\n`);
      resolve({ script, code, ms });
    });
  });
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(0)} s`;
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx e2e/run-parallel.ts <npm script>...');
  process.exit(2);
}
const outcomes = await Promise.all(scripts.map(run));
console.log('\nSuites:');
for (const o of outcomes) console.log(`  ${o.code === 0 ? 'ok  ' : 'FAIL'} ${o.script} (${seconds(o.ms)})`);
const failed = outcomes.filter((o) => o.code !== 0).length;
console.log(`${outcomes.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
