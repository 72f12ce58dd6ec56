/**
 * A host-side failure of the local agent platform (the port's methods throw it): an unknown
 * agent, block or template, or a request that breaks a rule (a value over its block's limit).
 * Agents' own tool calls never throw: they get the same problems as error results.
 */
export class AgentPlatformError extends Error {
  constructor(
    readonly code: 'not_found' | 'invalid' | 'conflict',
    message: string,
  ) {
    super(message);
    this.name = 'AgentPlatformError';
  }
}
