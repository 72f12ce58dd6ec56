import pino, { type Logger } from 'pino';
import { config } from './config.ts';

const KEY = Symbol.for('dcf.logger');
type Holder = { [KEY]?: Logger };

/** The structured (JSON) process logger; level from LOG_LEVEL. */
export function logger(): Logger {
  const holder = globalThis as Holder;
  holder[KEY] ??= pino({ level: config().logLevel, base: { service: 'dcf-console' } });
  return holder[KEY];
}
