import { describe, expect, it } from 'vitest';
import { resolveEndpointUrl } from './endpoint.ts';

describe('resolveEndpointUrl', () => {
  it('replaces the manifest endpoint’s scheme, host and port by the base URL', () => {
    expect(resolveEndpointUrl('ws://mcp-server:8765', 'http://127.0.0.1:41234/mcp')).toBe('http://127.0.0.1:41234/mcp');
    expect(resolveEndpointUrl('wss://mcp-server:8765/', 'https://skills.example.com/mcp/')).toBe('https://skills.example.com/mcp/');
  });

  it('appends an endpoint path to the base path', () => {
    expect(resolveEndpointUrl('ws://mcp-server:8765/crm/', 'http://h:1/mcp')).toBe('http://h:1/mcp/crm');
    expect(resolveEndpointUrl('http://x/a/b', 'http://h:1/')).toBe('http://h:1/a/b');
  });

  it('keeps the base URL for an endpoint that is not a URL', () => {
    expect(resolveEndpointUrl('not a url', 'http://h:1/mcp?k=v')).toBe('http://h:1/mcp?k=v');
  });
});
