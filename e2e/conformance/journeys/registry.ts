import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Journey } from '../journey.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/**
 * Every journey file in this folder (`core.ts`, `auth.ts`, `legacy-2025.ts`, …) exports `journeys: Journey[]`; they
 * are found by listing the folder, so adding a file needs no edit here.
 */
export async function loadJourneys(): Promise<Journey[]> {
  const files = (await readdir(HERE)).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'registry.ts',
  );
  const all: Journey[] = [];
  for (const file of files.sort()) {
    const mod = (await import(pathToFileURL(`${HERE}${file}`).href)) as { journeys?: Journey[] };
    all.push(...(mod.journeys ?? []));
  }
  return all;
}

export async function findJourney(scenario: string, specVersion: string): Promise<Journey | undefined> {
  return (await loadJourneys()).find((j) => j.scenario === scenario && j.specVersions.includes(specVersion));
}
