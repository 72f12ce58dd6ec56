'use client';
import { useEffect } from 'react';
import { Badge } from '@/components/ui/badge';
import type { PublishedNotification } from '@/server/contracts/notification-schemas';
import { ukTime } from '@/lib/uk-time';
import { URGENCY_LOOK } from './urgency';
import { plainPreview } from './plain-preview';

/**
 * New alerts as toasts (top right), newest on top, each with its urgency; they go by themselves
 * after a time that grows with urgency (critical ones stay) or when dismissed. A polite live
 * region announces them; critical ones are alerts.
 */
export function NotificationToasts({ toasts, onDismiss }: { toasts: PublishedNotification[]; onDismiss: (id: string) => void }) {
  return (
    <div className="pointer-events-none fixed right-4 top-4 z-50 flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-2" aria-live="polite">
      {toasts.map((t) => (
        <Toast key={t.id} toast={t} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

function Toast({ toast, onDismiss }: { toast: PublishedNotification; onDismiss: (id: string) => void }) {
  const look = URGENCY_LOOK[toast.urgency];
  useEffect(() => {
    if (look.toastMs === null) return;
    const timer = setTimeout(() => onDismiss(toast.id), look.toastMs);
    return () => clearTimeout(timer);
  }, [toast.id, look.toastMs, onDismiss]);
  return (
    <div
      role={toast.urgency === 'CRITICAL' ? 'alert' : 'status'}
      data-testid="notification-toast"
      data-urgency={toast.urgency}
      className={`pointer-events-auto rounded-md border border-l-4 border-slate-200 bg-white p-3 shadow-lg ${look.edge}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <Badge tone={look.tone}>{look.label}</Badge>
            <span className="text-xs text-slate-500">
              {ukTime(toast.at)} · {toast.sender}
            </span>
          </div>
          {toast.subject && <div className="mt-1 text-sm font-medium text-slate-900">{toast.subject}</div>}
          <p className="mt-1 line-clamp-4 whitespace-pre-line text-sm text-slate-700">{plainPreview(toast.message)}</p>
        </div>
        <button
          type="button"
          onClick={() => onDismiss(toast.id)}
          className="rounded px-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
          aria-label="Dismiss notification"
        >
          ×
        </button>
      </div>
    </div>
  );
}
