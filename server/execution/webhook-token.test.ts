import { describe, expect, it } from 'vitest';
import { testConfig } from '../testing/test-config.ts';
import { webhookKey, webhookToken, webhookTokenMatches } from './webhook-token.ts';

const RUN = '7d0c4a52-2f4e-4f7e-9a43-4d7b1f0e9c11';

describe('run webhook tokens', () => {
  it('bind the run and the state instance, under the server secret', async () => {
    const key = await webhookKey(testConfig());
    const token = webhookToken(key, RUN, 'Map[2]/Transcribe');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(webhookTokenMatches(key, RUN, 'Map[2]/Transcribe', token)).toBe(true);
    expect(webhookTokenMatches(key, RUN, 'Map[3]/Transcribe', token)).toBe(false);
    expect(webhookTokenMatches(key, RUN.replace('7', '8'), 'Map[2]/Transcribe', token)).toBe(false);
    expect(webhookTokenMatches(key, RUN, 'Map[2]/Transcribe', token.slice(0, -1))).toBe(false);
    expect(webhookTokenMatches(key, RUN, 'Map[2]/Transcribe', '')).toBe(false);
    const other = await webhookKey(testConfig({ SESSION_SECRET: 'another-secret-0123456789-0123456789-x' }));
    expect(webhookToken(other, RUN, 'Map[2]/Transcribe')).not.toBe(token);
  });
});
