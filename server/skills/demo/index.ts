/**
 * The demo skills (docs/demo-data.md "Demo skills"): the MCP server, the in-process skill functions and the
 * synthetic dataset they work on.
 */
export { startDemoSkillsServer, type DemoSkillsServer, type DemoSkillsServerOptions } from './server/http-server.ts';
export { FaultInjector, parseFaults, faultSpecSchema, type Faults, type FaultSpec } from './server/faults.ts';
export { callDemoTool, demoSkills, DEMO_SKILL_NAMES, DEMO_SKILL_TOOLS } from './skills/catalog.ts';
export { demoDataset, generateDataset, DATASET_SEED } from './dataset/generate.ts';
export type { Envelope } from './skills/envelope.ts';
