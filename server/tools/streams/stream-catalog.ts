import type { DurableStream } from '../../redis/durable-stream.ts';
import { QA_STREAM, qaResultsStream } from '../../execution/qa-publish.ts';
import { EPISODE_STREAM, episodeStream } from '../../learning/episode-stream.ts';

/**
 * The durable streams whose dead letters the console shows and retries, by name. The names are
 * the tools' input enum, so a caller can only address these streams' dead letters.
 */
export const DURABLE_STREAMS = {
  [QA_STREAM]: { label: 'QA results', stream: qaResultsStream as DurableStream<unknown> },
  [EPISODE_STREAM]: { label: 'Knowledge-graph episodes', stream: episodeStream as DurableStream<unknown> },
} as const;

export type DurableStreamName = keyof typeof DURABLE_STREAMS;
export const DURABLE_STREAM_NAMES = Object.keys(DURABLE_STREAMS) as [DurableStreamName, ...DurableStreamName[]];
