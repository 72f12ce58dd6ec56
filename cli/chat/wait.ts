/** The chat CLI waits for a turn's work as the evaluation runner does: server/chat/turn-wait.ts. */
export { waitForTurnWork, type TurnRun, type WaitInput, type WaitOutcome } from '../../server/chat/turn-wait.ts';
