'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import type { PublishedNotification } from '@/server/contracts/notification-schemas';
import { NotificationList } from './notification-list';
import { NotificationToasts } from './toasts';
import { useNotificationFeed } from './use-notification-feed';

/**
 * The shell's bell (issue 18, UI_ALERT): the unread count, a panel with the recent alerts (mark
 * one or all read), and a toast for each alert as it arrives over the live feed. The count and
 * list are re-read when the feed (re)connects and on every new alert — never polled.
 */
export function NotificationBell() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [toasts, setToasts] = useState<PublishedNotification[]>([]);
  const unread = useQuery(trpc.notifications.unreadCount.queryOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
  const live = useNotificationFeed((e) => {
    refresh();
    if (e) setToasts((list) => [e, ...list.filter((t) => t.id !== e.id)].slice(0, 5));
  });
  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const count = unread.data?.unread ?? 0;

  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (ev: MouseEvent | KeyboardEvent) => {
      if (ev instanceof KeyboardEvent ? ev.key === 'Escape' : !panel.current?.contains(ev.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="relative" ref={panel}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        title={live === 'live' ? 'Notifications (live)' : 'Notifications (not live: reload to catch up)'}
        data-testid="notification-bell"
        data-live-status={live}
        className="relative rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinejoin="round" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" />
        </svg>
        {count > 0 && (
          <span
            data-testid="notification-unread-count"
            className={
              'absolute -right-1 -top-1 min-w-[1.1rem] rounded-full bg-red-600 px-1 text-center' +
              ' text-[0.65rem] font-semibold leading-[1.1rem] text-white'
            }
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && <NotificationPanel onChanged={refresh} />}
      <NotificationToasts toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}

function NotificationPanel({ onChanged }: { onChanged: () => void }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.notifications.list.queryOptions({ limit: 20 }));
  const markRead = useMutation(trpc.notifications.markRead.mutationOptions({ onSuccess: onChanged }));
  const markAll = useMutation(trpc.notifications.markAllRead.mutationOptions({ onSuccess: onChanged }));
  const items = list.data ?? [];
  return (
    <div
      role="dialog"
      aria-label="Notifications"
      data-testid="notification-panel"
      className="absolute left-0 top-9 z-40 w-96 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white shadow-lg"
    >
      <div className="flex items-center justify-between border-b border-slate-100 px-3 py-2">
        <span className="text-sm font-semibold">Notifications</span>
        <button
          type="button"
          disabled={markAll.isPending || items.every((n) => n.readAt)}
          onClick={() => markAll.mutate()}
          className="text-xs font-medium text-indigo-700 hover:text-indigo-900 disabled:text-slate-400"
        >
          Mark all read
        </button>
      </div>
      <NotificationList
        items={items}
        loading={list.isPending}
        error={list.error?.message ?? null}
        onMarkRead={(id) => markRead.mutate({ ids: [id] })}
      />
    </div>
  );
}
