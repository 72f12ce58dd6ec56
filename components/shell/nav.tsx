'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { Role } from '@/lib/roles';
import { NAV_ITEMS } from './nav-items';

/** Side navigation of the sections the user's role may see; the current one is marked with aria-current. */
export function Nav({ role }: { role: Role }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="flex flex-col gap-1">
      {NAV_ITEMS.filter((item) => item.roles.includes(role)).map((item) => {
        const active = pathname === item.href || pathname.startsWith(item.href + '/');
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? 'page' : undefined}
            className={
              'rounded-md px-3 py-2 text-sm ' +
              `${active ? 'bg-indigo-50 font-medium text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`
            }
          >
            <span className="flex items-center justify-between gap-2">{item.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
