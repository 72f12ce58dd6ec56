import nodemailer from 'nodemailer';
import type { DeliveryOutcome } from './outcome.ts';

export interface EmailTarget {
  smtpUrl: string;
  from: string;
}

/** Network-level nodemailer error codes: the server may be back later. */
const TRANSIENT_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EPROTOCOL']);

/**
 * One e-mail over SMTP with nodemailer (SMTP_URL, e.g. `smtp://user:pass@host:587`), to all
 * `to` addresses in one message. SMTP 4xx answers and connection failures are transient
 * (retried); 5xx answers (unknown recipient, refused sender, failed authentication) are
 * permanent; so is a message every recipient was refused for. The URL's password never appears in
 * an error.
 */
export async function sendEmail(target: EmailTarget, to: string[], subject: string, text: string): Promise<DeliveryOutcome> {
  const transport = nodemailer.createTransport(target.smtpUrl);
  try {
    const info = await transport.sendMail({ from: target.from, to, subject, text });
    const accepted = (info.accepted ?? []).map(String);
    if (accepted.length === 0) return { kind: 'permanent', error: `SMTP server accepted no recipient (${to.join(', ')})` };
    return { kind: 'sent', messageId: info.messageId };
  } catch (err) {
    const e = err as { code?: string; responseCode?: number; response?: string; message?: string };
    const error = `SMTP delivery failed: ${e.response ?? e.message ?? String(err)}`;
    if (typeof e.responseCode === 'number') return e.responseCode >= 500 ? { kind: 'permanent', error } : { kind: 'retry', error };
    if (e.code && TRANSIENT_CODES.has(e.code)) return { kind: 'retry', error };
    return e.code === 'EAUTH' || e.code === 'EENVELOPE' ? { kind: 'permanent', error } : { kind: 'retry', error };
  } finally {
    transport.close();
  }
}
