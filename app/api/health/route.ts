import { healthRoute } from '@/server/app/routes/health';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Unauthenticated liveness/readiness probe for container health checks: server/app/routes/health.ts. */
export const GET = healthRoute.GET;
