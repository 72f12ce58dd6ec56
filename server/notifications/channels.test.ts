import { describe, expect, it } from 'vitest';
import { testConfig } from '../testing/test-config.ts';
import { notConfigured } from './channels.ts';
import { retryDelayMs } from './retries.ts';

describe('notConfigured', () => {
  it('names the settings a channel lacks', () => {
    const none = testConfig().notifications;
    expect(notConfigured('EMAIL', none)).toBe('EMAIL is not configured: set SMTP_URL and DCF_NOTIFY_EMAIL_FROM');
    expect(notConfigured('TELEGRAM', none)).toBe('TELEGRAM is not configured: set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID');
    const half = testConfig({ SMTP_URL: 'smtp://localhost:2525', TELEGRAM_BOT_TOKEN: 't' }).notifications;
    expect(notConfigured('EMAIL', half)).toBe('EMAIL is not configured: set DCF_NOTIFY_EMAIL_FROM');
    expect(notConfigured('TELEGRAM', half)).toBe('TELEGRAM is not configured: set TELEGRAM_CHAT_ID');
    const all = testConfig({
      SMTP_URL: 'smtp://localhost:2525',
      DCF_NOTIFY_EMAIL_FROM: 'dcf@example.com',
      TELEGRAM_BOT_TOKEN: 't',
      TELEGRAM_CHAT_ID: '1',
    }).notifications;
    expect([notConfigured('EMAIL', all), notConfigured('TELEGRAM', all)]).toEqual([null, null]);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base per attempt; a longer retry_after wins', () => {
    expect([2, 3, 4, 5].map((a) => retryDelayMs(a, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(2, 1000, 5000)).toBe(5000);
    expect(retryDelayMs(4, 1000, 500)).toBe(4000);
  });
});
