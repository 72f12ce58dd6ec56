import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The skill manifests as they are on disk (skills/*.json), read independently of the server, so
 * the Skills spec checks the page against the catalog itself rather than against numbers typed
 * into the test.
 */
export type DiskManifest = {
  manifestId: string;
  skillName: string;
  skillVersion: string;
  description?: string;
  tags?: string[];
  skillDirectives: string;
  permissions?: { secrets?: string[]; egress?: string };
  requiredTools?: Array<{
    toolName: string;
    definition: { type: string; endpointUrl?: string; operationId?: string };
    json_schema?: { parameters: { properties: Record<string, { type: string; description?: string }>; required?: string[] } };
  }>;
  requiredDataSources?: Array<{ dataSourceId: string; description?: string }>;
};

const SKILLS_DIR = path.join(process.cwd(), 'skills');

export function diskManifests(): DiskManifest[] {
  return readdirSync(SKILLS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(SKILLS_DIR, f), 'utf8')) as DiskManifest);
}
