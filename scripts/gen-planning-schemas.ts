import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PLANNING_SCHEMA_DIR, planningJsonSchemas } from '../server/planning/json-schemas.ts';

/** Writes the planning contract's JSON Schemas (server/planning/json-schemas.ts) to schemas/planning/. */
const root = path.resolve(import.meta.dirname, '..');
for (const { file, text } of planningJsonSchemas()) {
  writeFileSync(path.join(root, PLANNING_SCHEMA_DIR, file), text);
  console.log(`${PLANNING_SCHEMA_DIR}/${file}`);
}
