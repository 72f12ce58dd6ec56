import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { testConfig } from '../../testing/test-config.ts';
import { parseSkillEndpoints } from '../../config-skill-endpoints.ts';
import { endpointFor } from './skill-endpoints.ts';

const skill = (skillName: string, tags: string[]) => ({ skillName, tags });

describe('DCF_MCP_ENDPOINTS', () => {
  it('parses key=url pairs and routes a skill by its tags (groups) or its name prefix, the longest key winning', () => {
    const r = parseSkillEndpoints(' crm=http://a:9001/mcp, transcription=http://b:9002/mcp,crm-directory=https://c/mcp ');
    expect(r).toEqual({
      ok: true,
      endpoints: [
        { key: 'crm', url: 'http://a:9001/mcp' },
        { key: 'transcription', url: 'http://b:9002/mcp' },
        { key: 'crm-directory', url: 'https://c/mcp' },
      ],
    });
    const endpoints = r.ok ? r.endpoints : [];
    expect(endpointFor(endpoints, skill('salesforce-integration', ['salesforce', 'crm', 'data']))?.url).toBe('http://a:9001/mcp');
    expect(endpointFor(endpoints, skill('crm-directory', ['crm', 'directory']))?.url).toBe('https://c/mcp');
    expect(endpointFor(endpoints, skill('whisper-transcribe', ['transcription', 'audio']))?.url).toBe('http://b:9002/mcp');
    expect(endpointFor(endpoints, skill('scoring', ['scoring', 'qa']))).toBeUndefined();
    expect(parseSkillEndpoints('')).toEqual({ ok: true, endpoints: [] });
  });

  it('rejects a malformed setting with a message naming the entry', () => {
    expect(parseSkillEndpoints('crm')).toMatchObject({ ok: false, error: expect.stringContaining('"crm" is not key=url') });
    expect(parseSkillEndpoints('crm=not a url')).toMatchObject({ ok: false, error: expect.stringContaining('is not a URL') });
    expect(parseSkillEndpoints('crm=ws://a:1')).toMatchObject({ ok: false, error: expect.stringContaining('http or https') });
    expect(parseSkillEndpoints('crm=http://a/mcp,crm=http://b/mcp')).toMatchObject({ ok: false, error: '"crm" is given twice' });
  });

  it('is validated when the configuration loads: a bad setting stops the start with the variable named', () => {
    expect(() => loadConfig({ ...process.env, DCF_MCP_ENDPOINTS: 'crm=ftp://a/mcp' }, process.cwd())).toThrow(
      /DCF_MCP_ENDPOINTS[\s\S]*http or https/,
    );
    expect(testConfig({ DCF_MCP_ENDPOINTS: 'crm=http://a:9001/mcp' }).skillTransport.endpoints).toEqual([
      { key: 'crm', url: 'http://a:9001/mcp' },
    ]);
  });
});
