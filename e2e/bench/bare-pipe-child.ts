/**
 * The floor of the tap's figures: the smallest pass-through a host could launch in place of its server, in the same
 * runtime as the tap (Node). It starts the command after `--` and pipes stdin, stdout and stderr through, reading
 * nothing. What a round trip costs through it is what any extra process between host and server costs.
 */
import { spawn } from 'node:child_process';

const argv = process.argv.slice(process.argv.indexOf('--') + 1);
const child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
child.on('exit', (code) => process.exit(code ?? 1));
