/** The console's API, one router per feature (reads like a table of contents). */
import { router } from './init.ts';
import { authRouter } from './routers/auth.ts';
import { usersRouter } from './routers/users.ts';
import { auditRouter } from './routers/audit.ts';
import { healthRouter } from './routers/health.ts';
import { skillsRouter } from './routers/skills.ts';
import { workflowsRouter } from './routers/workflows.ts';
import { toolsRouter } from './routers/tools.ts';
import { runsRouter } from './routers/runs.ts';
import { graphRouter } from './routers/graph.ts';
import { apiTokensRouter } from './routers/api-tokens.ts';
import { chatRouter } from './routers/chat.ts';
import { companionsRouter } from './routers/companions.ts';
import { agentsRouter } from './routers/agents.ts';
import { qaRouter } from './routers/qa.ts';
import { crmRouter } from './routers/crm.ts';
import { dashboardRouter } from './routers/dashboard.ts';
import { planningRouter } from './routers/planning.ts';
import { agentMemoryRouter } from './routers/agent-memory.ts';
import { notificationsRouter } from './routers/notifications.ts';
import { collaborationRouter } from './routers/collaboration.ts';
import { schedulesRouter } from './routers/schedules.ts';
import { evaluationsRouter } from './routers/evaluations.ts';
import { calibrationRouter } from './routers/calibration.ts';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  audit: auditRouter,
  health: healthRouter,
  skills: skillsRouter,
  workflows: workflowsRouter,
  tools: toolsRouter,
  runs: runsRouter,
  graph: graphRouter,
  apiTokens: apiTokensRouter,
  chat: chatRouter,
  companions: companionsRouter,
  agents: agentsRouter,
  qa: qaRouter,
  crm: crmRouter,
  dashboard: dashboardRouter,
  planning: planningRouter,
  agentMemory: agentMemoryRouter,
  notifications: notificationsRouter,
  collaboration: collaborationRouter,
  schedules: schedulesRouter,
  evaluations: evaluationsRouter,
  calibration: calibrationRouter,
});

export type AppRouter = typeof appRouter;
