import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Page not found' };

/**
 * An address that is no page of the console (a mistyped or old link): said in words, with the way
 * back — Next.js's bare "404 | This page could not be found." had no link and no console around it.
 */
export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-medium text-slate-500">DCF Console</p>
        <h1 className="mt-1 text-xl font-semibold">No page at this address</h1>
        <p className="mt-2 text-sm text-slate-600">
          The link may be mistyped or out of date. Runs, workflows and calls keep their addresses; a page of the console is reached from its
          menu.
        </p>
        <Link href="/" className="mt-6 inline-block rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700">
          Go to the console
        </Link>
      </div>
    </main>
  );
}
