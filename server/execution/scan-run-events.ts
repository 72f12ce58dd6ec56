import { runKeys } from '../controlplane/keys.ts';
import type { RunEvent } from '../contracts/run-view.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

/** Stream entries one script call looks at (at most): a call's time stays bounded however long the run's stream is. */
const CHUNK = 2_000;

/**
 * One chunk of the stream scanned in Redis (read-only). KEYS: events. ARGV: the start id ('-', or '(' and an id:
 * exclusive), the chunk size, then `"type":"…"` needles (none: every entry). Returns { where the next chunk
 * starts, or false at the stream's end; then id, body, id, body, … of the entries whose body holds a needle }. A
 * needle is matched as text, so this keeps a superset (a nested object's `type`); the caller decides on the
 * parsed event. Event bodies are JSON without spaces (cjson in the scripts, JSON.stringify in the server).
 */
const SCAN_LUA = `
local rows = redis.call('XRANGE', KEYS[1], ARGV[1], '+', 'COUNT', tonumber(ARGV[2]))
local out = { false }
for _, r in ipairs(rows) do
  local body = r[2][2] or ''
  local keep = #ARGV == 2
  for i = 3, #ARGV do
    if string.find(body, ARGV[i], 1, true) then
      keep = true
      break
    end
  end
  if keep then
    out[#out + 1] = r[1]
    out[#out + 1] = body
  end
end
if #rows == tonumber(ARGV[2]) then out[1] = '(' .. rows[#rows][1] end
return out
`;

/**
 * A run's events, oldest first, from its whole stream (readRunEvents stops at a count) or after the id `after`:
 * all of them, or with `types` only those — filtered in Redis, so a reader of a few kinds does not ship and parse
 * three events per transition (issue 33). One script call per `chunk` entries (CHUNK, or fewer).
 */
export async function scanRunEvents(
  x: ExecutionServices,
  runId: string,
  opts: { types?: readonly string[]; after?: string; chunk?: number } = {},
): Promise<RunEvent[]> {
  if (opts.types?.length === 0) return [];
  const needles = (opts.types ?? []).map((t) => `"type":${JSON.stringify(t)}`);
  const wanted = opts.types ? new Set(opts.types) : null;
  const chunk = Math.max(1, Math.min(CHUNK, opts.chunk ?? CHUNK));
  const events: RunEvent[] = [];
  let start: string | null = opts.after ? `(${opts.after}` : '-';
  while (start) {
    const reply = (await x.redis.eval(SCAN_LUA, 1, runKeys(runId).events, start, chunk, ...needles)) as (string | null)[];
    start = reply[0] ?? null;
    for (let i = 1; i < reply.length; i += 2) {
      const event = JSON.parse(reply[i + 1] ?? '{}') as Record<string, unknown>;
      if (!wanted || wanted.has(event.type as string)) events.push({ id: reply[i]!, event });
    }
  }
  return events;
}
