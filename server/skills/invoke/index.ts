/**
 * Skill invocation: what the workflow runner calls to run one skill tool (types.ts has the
 * contract and every failure name).
 */
export { createSkillInvoker } from './invoker.ts';
export type { SkillCallOutcome, SkillInvocation, SkillInvoker } from './types.ts';
export { IDEMPOTENCY_META_KEY } from './types.ts';
export {
  registerSkillTool,
  findRegisteredTool,
  SkillToolError,
  type RegisteredToolHandler,
  type RegisteredToolContext,
} from './registered-tools.ts';
export { resolveEndpointUrl } from './endpoint.ts';
export { inProcessDemoServer, stopInProcessDemoServer } from './in-process-demo.ts';
