'use client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@/server/trpc/root';

/** Typed tRPC hooks for client components: `const trpc = useTRPC(); useQuery(trpc.skills.list.queryOptions())`. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();
