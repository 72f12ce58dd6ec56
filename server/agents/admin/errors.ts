import type { BlockValueProblem } from '../../../lib/block-rules.ts';

/**
 * An expected failure of the Agents view's operations: an agent or block that is not there, a
 * value the block's rules refuse (with each problem), or a block that changed since the admin
 * read it. The tRPC router turns the code into NOT_FOUND, BAD_REQUEST or CONFLICT.
 */
export class AgentAdminError extends Error {
  constructor(
    readonly code: 'not_found' | 'invalid_input' | 'conflict',
    message: string,
    readonly problems: BlockValueProblem[] = [],
  ) {
    super(message);
    this.name = 'AgentAdminError';
  }
}
