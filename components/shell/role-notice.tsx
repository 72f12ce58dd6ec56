import type { ReactNode } from 'react';

/** Tells the user what their role lets them do on this page (the server enforces it regardless). */
export function RoleNotice({ children }: { children: ReactNode }) {
  return (
    <p role="note" data-testid="role-notice" className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-2.5 text-sm text-sky-900">
      {children}
    </p>
  );
}
