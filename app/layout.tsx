import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { connection } from 'next/server';
import { GeistSans } from 'geist/font/sans';
import { GeistMono } from 'geist/font/mono';
import { TrpcProvider } from '@/components/providers/trpc-provider';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'DCF Console', template: '%s · DCF Console' },
  description: 'Plan, run and improve Letta-ASL workflows built from versioned skills.',
};

/**
 * Every page renders per request: the Content-Security-Policy (proxy.ts) carries a fresh script
 * nonce, which Next.js can only put on the scripts of a page it renders now — a page prerendered
 * at build time (the 404 page) would have scripts without it, blocked by the policy.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en-GB" className={`${GeistSans.variable} ${GeistMono.variable}`}>
      <body className="min-h-screen font-sans">
        <TrpcProvider>{children}</TrpcProvider>
      </body>
    </html>
  );
}
