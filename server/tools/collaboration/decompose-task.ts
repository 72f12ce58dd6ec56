import { z } from 'zod';
import { decomposeTask } from '../../collaboration/decompose-task.ts';
import { defineTool } from '../define-tool.ts';
import { withCollab } from './collaboration.ts';
import { availableModels, subtaskOut } from './schemas.ts';
import { longText } from '../limits.ts';

/** collaboration-tools.md §1 decompose_task. */
export const decomposeTaskTool = defineTool({
  name: 'decompose_task',
  description:
    'Break a complex task into ordered subtasks, each with id, description and required_capabilities ' +
    "drawn only from capabilities that exist: those of available_models, the agent platform's agents " +
    'and the skill catalog. With a language model configured the model decomposes (its answer ' +
    'validated); offline the text is split by sentences, enumerations and "then"/"and" clauses and ' +
    'each part matched to capabilities by its words (rules in server/collaboration/README.md). A part ' +
    'no capability matches is kept with an empty list and unmatched_reason.',
  readOnly: false,
  input: z.object({
    task: longText().describe('The high-level, complex task description to be broken down.'),
    available_models: availableModels.describe(
      'List of available agent objects, including their IDs and capabilities, to inform decomposition.',
    ),
  }),
  output: z.object({
    subtasks: z.array(subtaskOut),
    method: z.enum(['model', 'deterministic']),
    model_error: z.string().nullable(),
    dropped_capabilities: z.array(z.string()),
    known_capabilities: z.array(z.object({ name: z.string(), sources: z.array(z.string()) })),
  }),
  handler: (args, ctx) => withCollab(ctx, (c) => decomposeTask(c, args)),
});
