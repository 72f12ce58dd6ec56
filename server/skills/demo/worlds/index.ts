import type { World } from '../dataset/world.ts';
import { DEMO_WORLD } from './demo.ts';
import { SECOND_LENDER_WORLD } from './second-lender.ts';

/** The worlds a demo skills server can serve, by id (`DCF_DEMO_WORLD`, `startDemoSkillsServer({world})`). */
export const WORLDS: Readonly<Record<string, World>> = { [DEMO_WORLD.id]: DEMO_WORLD, [SECOND_LENDER_WORLD.id]: SECOND_LENDER_WORLD };

/** The world named `id`; an unknown id is an error naming the known ones. */
export function worldById(id: string): World {
  const world = WORLDS[id];
  if (!world) throw new Error(`unknown demo world "${id}" (known: ${Object.keys(WORLDS).join(', ')})`);
  return world;
}

export { DEMO_WORLD, SECOND_LENDER_WORLD };
