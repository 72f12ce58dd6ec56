import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Test support: reads fixtures from this folder. */
const here = fileURLToPath(new URL('.', import.meta.url));

export function loadFixture<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(here + name, 'utf8')) as T;
}

export function listFixtures(folder: string): string[] {
  return readdirSync(here + folder)
    .filter((f) => f.endsWith('.json'))
    .sort();
}
