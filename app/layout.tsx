import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { GeistSans } from 'geist/font/sans';
import { GeistMono } from 'geist/font/mono';
import { TrpcProvider } from '@/components/providers/trpc-provider';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'DCF Console', template: '%s · DCF Console' },
  description: 'Plan, run and improve Letta-ASL workflows built from versioned skills.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={`${GeistSans.variable} ${GeistMono.variable}`}>
      <body className="min-h-screen font-sans">
        <TrpcProvider>{children}</TrpcProvider>
      </body>
    </html>
  );
}
