/**
 * The built-in skills (skills/builtin.*.json): registered tools that run in process. Importing
 * this module registers their handlers (server/skills/invoke/registered-tools.ts).
 */
export { ECHO_MANIFEST_ID, echo } from './echo.ts';
export { FAIL_MANIFEST_ID, fail } from './fail.ts';
export { SLEEP_MANIFEST_ID, sleep } from './sleep.ts';
