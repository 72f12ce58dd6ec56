import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonPatchOperation } from '../testing/json-patch.ts';
import { applyJsonPatch } from '../testing/json-patch.ts';
import { checkSkillManifest } from './check-manifest.ts';

/** research.web has three tools and a data source, so every check has something to bite on. */
const base: unknown = JSON.parse(readFileSync(new URL('../../skills/research.web.json', import.meta.url), 'utf8'));
const check = (patch: JsonPatchOperation[]) => checkSkillManifest(applyJsonPatch(base, patch));
const findings = (issues: Array<{ path: string; code: string }>) => issues.map(({ path, code }) => ({ path, code }));

describe('checkSkillManifest', () => {
  it('passes the base manifest with no findings', () => {
    expect(checkSkillManifest(base)).toEqual({ valid: true, errors: [], warnings: [] });
  });

  describe('tool names are unique', () => {
    it('flags the second tool of a name, pointing at its toolName', () => {
      const r = check([
        { op: 'replace', path: '/requiredTools/2/toolName', value: 'web_search' },
        { op: 'replace', path: '/requiredTools/2/json_schema/name', value: 'web_search' },
      ]);
      expect(r.valid).toBe(false);
      expect(findings(r.errors)).toEqual([{ path: '/requiredTools/2/toolName', code: 'skill.duplicate_tool_name' }]);
      expect(r.errors[0]!.message).toContain('/requiredTools/0');
    });
  });

  describe('json_schema.name equals toolName', () => {
    it('flags a mismatch', () => {
      const r = check([{ op: 'replace', path: '/requiredTools/1/json_schema/name', value: 'fetch' }]);
      expect(findings(r.errors)).toEqual([{ path: '/requiredTools/1/json_schema/name', code: 'skill.json_schema_name_mismatch' }]);
    });
  });

  describe('required parameters are declared', () => {
    it('flags an undeclared name in parameters.required', () => {
      const r = check([{ op: 'add', path: '/requiredTools/0/json_schema/parameters/required/-', value: 'topic' }]);
      expect(findings(r.errors)).toEqual([
        { path: '/requiredTools/0/json_schema/parameters/required/1', code: 'skill.required_parameter_undeclared' },
      ]);
    });
    it('flags an undeclared name in the top-level json_schema.required', () => {
      const r = check([{ op: 'add', path: '/requiredTools/2/json_schema/required', value: ['urls', 'audience'] }]);
      expect(findings(r.errors)).toEqual([
        { path: '/requiredTools/2/json_schema/required/1', code: 'skill.required_parameter_undeclared' },
      ]);
    });
    it('accepts a top-level required list of declared names', () => {
      expect(check([{ op: 'add', path: '/requiredTools/2/json_schema/required', value: ['urls'] }]).valid).toBe(true);
    });
  });

  describe('secrets are environment variable names', () => {
    it.each(['web-search-key', 'web_search_key', '1_KEY', 'KEY NAME', ''])('rejects %j', (name) => {
      const r = check([{ op: 'replace', path: '/permissions/secrets/1', value: name }]);
      expect(findings(r.errors)).toEqual([{ path: '/permissions/secrets/1', code: 'skill.secret_name_invalid' }]);
    });
    it.each(['A', 'S3_ACCESS_KEY', 'KEY_2'])('accepts %j', (name) => {
      expect(check([{ op: 'replace', path: '/permissions/secrets/1', value: name }]).valid).toBe(true);
    });
  });

  describe('endpoint URLs', () => {
    const endpoint = '/requiredTools/0/definition/endpointUrl';
    const spec = '/requiredTools/0/definition/openApiSpecUrl';
    it.each(['http://mcp:8080/mcp', 'https://skills.example.com/mcp', 'ws://mcp-server:8765', 'wss://mcp.example.com'])(
      'accepts endpointUrl %s',
      (url) => {
        expect(check([{ op: 'replace', path: endpoint, value: url }]).valid).toBe(true);
      },
    );
    it.each(['ftp://mcp-server/x', 'file:///opt/mcp', 'mcp-server:8765'])('rejects the scheme of endpointUrl %s', (url) => {
      expect(findings(check([{ op: 'replace', path: endpoint, value: url }]).errors)).toEqual([
        { path: endpoint, code: 'skill.url_scheme_unsupported' },
      ]);
    });
    it('rejects a WebSocket openApiSpecUrl (an OpenAPI document is fetched over HTTP)', () => {
      expect(findings(check([{ op: 'replace', path: spec, value: 'ws://mcp-server/openapi.json' }]).errors)).toEqual([
        { path: spec, code: 'skill.url_scheme_unsupported' },
      ]);
    });
    it('rejects a URI that the schema admits but that is no URL (port out of range)', () => {
      expect(findings(check([{ op: 'replace', path: endpoint, value: 'http://mcp-server:99999' }]).errors)).toEqual([
        { path: endpoint, code: 'skill.url_invalid' },
      ]);
    });
    it('reports a malformed URL once, as the schema error', () => {
      expect(findings(check([{ op: 'replace', path: spec, value: '<http://mcp-server/openapi.json>' }]).errors)).toEqual([
        { path: spec, code: 'schema.format' },
      ]);
    });
  });

  describe('manifestId agrees with skillName@skillVersion', () => {
    it.each([
      ['skill://research.web@0.3.0', 'version'],
      ['skill://research@0.2.0', 'name'],
    ])('flags %s (wrong %s)', (id, what) => {
      const r = check([{ op: 'replace', path: '/manifestId', value: id }]);
      expect(findings(r.errors)).toEqual([{ path: '/manifestId', code: 'skill.manifest_id_mismatch' }]);
      expect(r.errors[0]!.message).toContain(what);
    });
    it('accepts a UUID manifestId (nothing to compare)', () => {
      expect(check([{ op: 'replace', path: '/manifestId', value: '5b0a3f0e-8c1d-4b7a-9e2f-6d4c3b2a1908' }]).valid).toBe(true);
    });
  });

  describe('data source ids are unique', () => {
    it('flags the second use of an id', () => {
      const r = check([
        { op: 'add', path: '/requiredDataSources/-', value: (base as { requiredDataSources: unknown[] }).requiredDataSources[0] },
      ]);
      expect(findings(r.errors)).toEqual([{ path: '/requiredDataSources/1/dataSourceId', code: 'skill.duplicate_data_source_id' }]);
    });
  });

  describe('definitions that need more than this console', () => {
    it('warns that a python_source tool cannot run without a sandbox, and stays valid', () => {
      const r = check([
        {
          op: 'replace',
          path: '/requiredTools/1/definition',
          value: { type: 'python_source', sourceCode: 'def fetch_page(url: str) -> str:\n    ...' },
        },
      ]);
      expect(r.valid).toBe(true);
      expect(findings(r.warnings)).toEqual([{ path: '/requiredTools/1/definition', code: 'skill.python_source_not_runnable' }]);
    });
    it('warns that a registered tool needs the platform tool, and stays valid', () => {
      const r = check([
        { op: 'replace', path: '/requiredTools/0/definition', value: { type: 'registered', platformToolId: 'tool-web-search-7' } },
      ]);
      expect(r.valid).toBe(true);
      expect(findings(r.warnings)).toEqual([{ path: '/requiredTools/0/definition/platformToolId', code: 'skill.platform_tool_required' }]);
      expect(r.warnings[0]!.message).toContain('tool-web-search-7');
    });
  });

  it('reports schema errors and static findings together', () => {
    const r = check([
      { op: 'remove', path: '/skillDirectives' },
      { op: 'replace', path: '/permissions/secrets/0', value: 'lower' },
    ]);
    expect(findings(r.errors)).toEqual([
      { path: '/skillDirectives', code: 'schema.required' },
      { path: '/permissions/secrets/0', code: 'skill.secret_name_invalid' },
    ]);
  });
});

describe('checkSkillManifest never throws', () => {
  const odd: unknown[] = [
    undefined,
    null,
    0,
    'manifest',
    [],
    [base],
    {},
    Object.create(null),
    { requiredTools: 'x', permissions: [], requiredDataSources: {} },
    { requiredTools: [null, 1, 'x', [], { json_schema: 5, definition: 'mcp' }] },
    {
      requiredTools: [{ toolName: 7, json_schema: { name: [], parameters: { properties: null, required: [1, null, {}] }, required: 'x' } }],
    },
    { requiredTools: [{ definition: { type: 'mcp_server', endpointUrl: 5, openApiSpecUrl: {} } }] },
    { requiredTools: [{ definition: { type: 'registered', platformToolId: null } }] },
    { manifestId: 'skill://a@1.0.0', skillName: 5, skillVersion: null, permissions: { secrets: [1, null, 'ok'] } },
  ];
  it.each(odd.map((doc, i) => [i, doc]))('odd input #%i', (_i, doc) => {
    const r = checkSkillManifest(doc);
    expect(r.valid).toBe(false);
    expect(r.errors.length).toBeGreaterThan(0);
  });

  it('survives 500 random mutations of a valid manifest', () => {
    // A deterministic PRNG (mulberry32) so a failure reproduces.
    let seed = 0x5eed;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const junk = [null, 0, -1, 1.5, '', 'x', 'http://', true, [], [null], {}, { type: 'mcp_server' }];
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    for (let n = 0; n < 500; n++) {
      const doc = structuredClone(base) as Record<string, unknown>;
      // Walk to a random container and overwrite one of its members with junk.
      let node: unknown = doc;
      for (let depth = 0; depth < 1 + Math.floor(rand() * 6); depth++) {
        const keys = node && typeof node === 'object' ? Object.keys(node) : [];
        if (keys.length === 0) break;
        const key = pick(keys);
        const child = (node as Record<string, unknown>)[key];
        if (child && typeof child === 'object' && rand() < 0.7) node = child;
        else {
          (node as Record<string, unknown>)[key] = pick(junk);
          break;
        }
      }
      expect(() => checkSkillManifest(doc)).not.toThrow();
    }
  });
});
