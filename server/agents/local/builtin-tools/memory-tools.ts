import { z } from 'zod';
import { fail, ok } from '../../../tool-result.ts';
import type { BlockEdit } from '../block-store.ts';
import { defineBuiltin } from './builtin.ts';

const label = z.string().min(1).describe('Label of the memory block in your core memory, e.g. "human" or "persona".');

const edited = (r: BlockEdit) =>
  r.ok ? ok({ label: r.block.label, chars_current: r.block.value.length, chars_limit: r.block.limit }) : fail('conflict', r.error);

const occurrences = (text: string, part: string) => (part ? text.split(part).length - 1 : 0);

/** Letta `core_memory_append`: a new line at the end of a block. */
export const coreMemoryAppend = defineBuiltin({
  name: 'core_memory_append',
  description:
    'Append to the contents of a core memory block (as a new line). Use it to remember what matters in ' +
    "every conversation, e.g. the user's role and preferences.",
  toolType: 'letta_memory_core',
  input: z.object({ label, content: z.string().min(1).describe('Text to append.') }),
  run: async (a, env) => edited(await env.blocks.edit(env.agentId, a.label, (v) => (v ? `${v}\n${a.content}` : a.content))),
});

/** Letta `core_memory_replace`: every occurrence of `old_content` (which must occur). */
export const coreMemoryReplace = defineBuiltin({
  name: 'core_memory_replace',
  description:
    'Replace text in a core memory block: every occurrence of old_content (which must match exactly) ' +
    'becomes new_content. To delete text, pass an empty new_content.',
  toolType: 'letta_memory_core',
  input: z.object({ label, old_content: z.string().min(1), new_content: z.string() }),
  run: async (a, env) =>
    edited(
      await env.blocks.edit(env.agentId, a.label, (v) =>
        v.includes(a.old_content)
          ? v.split(a.old_content).join(a.new_content)
          : { error: `old_content does not occur in "${a.label}"; read the block and quote it exactly` },
      ),
    ),
});

/** Letta sleep-time `memory_insert`: text at a line number (0 = first line, -1 = the end). */
export const memoryInsert = defineBuiltin({
  name: 'memory_insert',
  description: 'Insert text into a memory block at a line number (0 inserts before the first line; -1, the default, appends at the end).',
  toolType: 'letta_sleeptime_core',
  input: z.object({ label, new_str: z.string().min(1), insert_line: z.number().int().min(-1).default(-1) }),
  run: async (a, env) =>
    edited(
      await env.blocks.edit(env.agentId, a.label, (v) => {
        const lines = v === '' ? [] : v.split('\n');
        if (a.insert_line > lines.length)
          return { error: `insert_line ${a.insert_line} is past the end (the block has ${lines.length} lines)` };
        const at = a.insert_line === -1 ? lines.length : a.insert_line;
        return [...lines.slice(0, at), a.new_str, ...lines.slice(at)].join('\n');
      }),
    ),
});

/** Letta sleep-time `memory_replace`: one exact occurrence. */
export const memoryReplace = defineBuiltin({
  name: 'memory_replace',
  description: 'Replace one exact occurrence of old_str in a memory block with new_str (old_str must occur exactly once).',
  toolType: 'letta_sleeptime_core',
  input: z.object({ label, old_str: z.string().min(1), new_str: z.string() }),
  run: async (a, env) =>
    edited(
      await env.blocks.edit(env.agentId, a.label, (v) => {
        const n = occurrences(v, a.old_str);
        return n === 1
          ? v.replace(a.old_str, () => a.new_str)
          : {
              error:
                n === 0
                  ? `old_str does not occur in "${a.label}"`
                  : `old_str occurs ${n} times in "${a.label}"; include more context so it is unique`,
            };
      }),
    ),
});

/** Letta sleep-time `memory_rethink`: the whole block rewritten. */
export const memoryRethink = defineBuiltin({
  name: 'memory_rethink',
  description: 'Rewrite a memory block completely: new_memory replaces its whole value. Use it to reorganise and condense a block.',
  toolType: 'letta_sleeptime_core',
  input: z.object({ label, new_memory: z.string() }),
  run: async (a, env) => edited(await env.blocks.edit(env.agentId, a.label, () => a.new_memory)),
});

/** Letta sleep-time `memory_finish_edits`: ends the sleep-time agent's turn. */
export const memoryFinishEdits = defineBuiltin({
  name: 'memory_finish_edits',
  description: 'Call when you have finished editing memory: ends this wake-up.',
  toolType: 'letta_sleeptime_core',
  input: z.object({}),
  terminal: true,
  run: async () => ok({ finished: true }),
});

/** Letta `archival_memory_insert`: a passage in the agent's archival memory. */
export const archivalMemoryInsert = defineBuiltin({
  name: 'archival_memory_insert',
  description:
    'Store a passage in your archival memory (long-term, unlimited, searchable with ' +
    'archival_memory_search). Write self-contained text; add tags to find it by.',
  toolType: 'letta_core',
  input: z.object({ content: z.string().min(1), tags: z.array(z.string().min(1)).optional() }),
  run: async (a, env) => {
    const p = await env.passages.insert(env.agentId, { text: a.content, tags: a.tags });
    return ok({ passage_id: p.id, created_at: p.created_at });
  },
});

/** Letta `archival_memory_search`. */
export const archivalMemorySearch = defineBuiltin({
  name: 'archival_memory_search',
  description:
    'Search your archival memory by words (full text and similarity); optionally only passages carrying all of `tags`. Best matches first.',
  toolType: 'letta_core',
  input: z.object({ query: z.string(), tags: z.array(z.string().min(1)).optional(), top_k: z.number().int().min(1).max(50).default(10) }),
  run: async (a, env) => {
    const found = await env.passages.search(env.agentId, { query: a.query, tags: a.tags, limit: a.top_k });
    return ok({ results: found.map((p) => ({ id: p.id, text: p.text, tags: p.tags, created_at: p.created_at, score: p.score ?? null })) });
  },
});

/** Letta `conversation_search`: the agent's own past messages. */
export const conversationSearch = defineBuiltin({
  name: 'conversation_search',
  description: 'Search your past conversation (user, system and your own messages) by words; newest first.',
  toolType: 'letta_core',
  input: z.object({ query: z.string().min(1), limit: z.number().int().min(1).max(50).default(10) }),
  run: async (a, env) => {
    const found = await env.messages.search(env.agentId, a.query, a.limit);
    return ok({
      results: found.map((m) => ({
        id: m.id,
        created_at: m.created_at,
        message_type: m.event.message_type,
        content: 'content' in m.event ? m.event.content : '',
      })),
    });
  },
});
