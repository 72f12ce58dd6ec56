import { objectShape, type Shape } from './shape';

const STRING: Shape = { kind: 'string' };
const TIMESTAMP: Shape = { kind: 'string', format: 'date-time' };
const INTEGER: Shape = { kind: 'integer' };

/**
 * The `$$` context object as the engine provides it (server/engine/runtime/types.ts
 * ContextObject): Execution (with the workflow input), State, StateMachine and Task; `Map.Item`
 * only while a Map's ItemSelector is evaluated, with the item's shape.
 */
export function contextShape(workflowInput: Shape, item?: Shape): Shape {
  return objectShape({
    Execution: objectShape({ Id: STRING, Input: workflowInput, Name: STRING, StartTime: TIMESTAMP, RedriveCount: INTEGER }),
    State: objectShape({ Name: STRING, EnteredTime: TIMESTAMP, RetryCount: INTEGER }),
    StateMachine: objectShape({ Id: STRING, Name: STRING }),
    Task: objectShape({ Token: STRING }),
    ...(item ? { Map: objectShape({ Item: objectShape({ Index: INTEGER, Value: item }) }) } : {}),
  });
}
