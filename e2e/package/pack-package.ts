/**
 * `npm run pack:package`: the npm package of the command line, from the built app (dist/) and the bundled node side
 * (dist-node/). It is packed from a staging folder (.pack/) whose package.json is the repo's name, version, bin and
 * files with NO dependencies: everything the command needs at run time is inside dist-node/ (the MCP SDK, zod, the
 * session core), and the repo's dependencies (React, Vite, the Node 22 binary the tool chain uses) are not needed by
 * anyone who installs it. Prints the tarball's path; `--out DIR` chooses where it goes (default .pack/).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

export function stagePackage(): string {
  const stage = join(root, '.pack', 'package');
  for (const dir of ['dist', 'dist-node']) {
    if (!existsSync(join(root, dir))) throw new Error(`${dir}/ is missing: run npm run build && npm run build:node`);
  }
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  const repo = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const manifest = {
    name: repo.name,
    version: repo.version,
    description: repo.description,
    type: repo.type,
    bin: repo.bin,
    files: repo.files,
    engines: repo.engines,
    keywords: ['mcp', 'model-context-protocol', 'mrtr', 'inspector', 'requestState'],
  };
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const entry of ['dist', 'dist-node', 'README.md'])
    cpSync(join(root, entry), join(stage, entry), { recursive: true });
  return stage;
}

export function packPackage(outDir: string): string {
  const stage = stagePackage();
  mkdirSync(outDir, { recursive: true });
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', outDir], {
    cwd: stage,
    encoding: 'utf8',
  });
  const [info] = JSON.parse(output) as { filename: string }[];
  if (!info) throw new Error(`npm pack printed no tarball: ${output}`);
  return join(outDir, info.filename);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--out');
  const out = resolve(i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : join(root, '.pack'));
  console.log(packPackage(out));
}
