import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { describeTools, findTool, TOOLS } from './registry.ts';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020') as typeof import('ajv/dist/2020').default;

describe('tool registry', () => {
  it('holds the spec tools of this issue, once each', () => {
    expect(TOOLS.map((t) => t.name).sort()).toEqual(['get_skillset', 'validate_skill_manifest', 'validate_workflow']);
    expect(findTool('validate_workflow')?.readOnly).toBe(true);
    expect(findTool('nope')).toBeUndefined();
  });

  it('describes every tool with a description and compilable draft 2020-12 JSON Schemas', () => {
    const ajv = new Ajv2020({ strict: false });
    for (const d of describeTools()) {
      expect(d.description.length, d.name).toBeGreaterThan(40);
      expect((d.inputSchema as { type?: string }).type, d.name).toBe('object');
      expect(() => ajv.compile(d.inputSchema as object), d.name).not.toThrow();
      expect(() => ajv.compile(d.outputSchema as object), d.name).not.toThrow();
    }
  });

  it('publishes the envelope in every output schema', () => {
    const ajv = new Ajv2020({ strict: false });
    for (const d of describeTools()) {
      const validate = ajv.compile(d.outputSchema as object);
      expect(validate({ status: 'error', error: 'x', error_code: 'not_found' }), d.name).toBe(true);
      expect(validate({ status: 'weird' }), d.name).toBe(false);
    }
  });
});
