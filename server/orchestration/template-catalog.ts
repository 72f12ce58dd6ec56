import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A template the platform can create agents from: `worker@1.0.0` and the other names it answers to. */
export interface TemplateEntry {
  name: string;
  version: string;
  ref: string;
  aliases: string[];
}

/**
 * The agent templates in `<rootDir>/agents/templates/*.af`, read for their name, version and
 * aliases only (the agent platform validates a file fully when it creates an agent from it).
 * A file that is not JSON is left out: the platform would refuse it anyway.
 */
export async function listTemplates(rootDir: string): Promise<TemplateEntry[]> {
  const dir = path.join(rootDir, 'agents', 'templates');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.af')).sort();
  const out: TemplateEntry[] = [];
  for (const file of files) {
    try {
      const doc = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as {
        metadata?: { template_version?: unknown; aliases?: unknown };
      };
      const name = file.slice(0, -3);
      const version = typeof doc.metadata?.template_version === 'string' ? doc.metadata.template_version : '1.0.0';
      const aliases =
        typeof doc.metadata?.aliases === 'string'
          ? doc.metadata.aliases
              .split(',')
              .map((a) => a.trim())
              .filter(Boolean)
          : [];
      out.push({ name, version, ref: `${name}@${version}`, aliases });
    } catch {
      // unreadable: not offered
    }
  }
  return out;
}

/**
 * `worker`, `worker@1.0.0` or an alias (with or without a version) → the template it names;
 * null when none matches (unknown name, or a version the file does not have).
 */
export function resolveTemplate(templates: TemplateEntry[], wanted: string): TemplateEntry | null {
  const at = wanted.lastIndexOf('@');
  const name = at > 0 ? wanted.slice(0, at) : wanted;
  const version = at > 0 ? wanted.slice(at + 1) : null;
  const t = templates.find((x) => x.name === name) ?? templates.find((x) => x.aliases.includes(name));
  if (!t || (version !== null && version !== t.version)) return null;
  return t;
}
