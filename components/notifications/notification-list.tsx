'use client';
import { Badge } from '@/components/ui/badge';
import { ukDateTime } from '@/lib/uk-time';
import type { InboxItem } from '@/server/contracts/notification-schemas';
import { NotificationMessage } from './notification-message';
import { URGENCY_LOOK } from './urgency';

/** An inbox item as `notifications.list` returns it. */
export type NotificationItem = InboxItem;

/** The bell panel's list: newest first, unread ones marked and with a "Mark read" action. */
export function NotificationList({
  items,
  loading,
  error,
  onMarkRead,
}: {
  items: NotificationItem[];
  loading: boolean;
  error: string | null;
  onMarkRead: (id: string) => void;
}) {
  if (loading) return <p className="px-3 py-4 text-sm text-slate-500">Loading…</p>;
  if (error)
    return (
      <p role="alert" className="px-3 py-4 text-sm text-red-700">
        Notifications could not be read: {error}
      </p>
    );
  if (items.length === 0) return <p className="px-3 py-4 text-sm text-slate-500">No notifications yet.</p>;
  return (
    <ul className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto" data-testid="notification-list">
      {items.map((n) => {
        const look = URGENCY_LOOK[n.urgency];
        return (
          <li
            key={n.id}
            data-testid="notification-item"
            data-read={n.readAt ? 'true' : 'false'}
            className={`px-3 py-2 ${n.readAt ? 'bg-white' : 'bg-indigo-50/40'}`}
          >
            <div className="flex items-center justify-between gap-2">
              <span className="flex items-center gap-2">
                {!n.readAt && <span aria-label="unread" className="size-2 rounded-full bg-indigo-600" />}
                <Badge tone={look.tone}>{look.label}</Badge>
              </span>
              <time dateTime={n.createdAt} className="text-xs text-slate-500">
                {ukDateTime(n.createdAt)}
              </time>
            </div>
            {n.subject && <div className="mt-1 text-sm font-medium text-slate-900">{n.subject}</div>}
            <NotificationMessage text={n.message} />
            <div className="mt-1 flex items-center justify-between text-xs text-slate-500">
              <span>From {n.sender}</span>
              {!n.readAt && (
                <button type="button" onClick={() => onMarkRead(n.id)} className="font-medium text-indigo-700 hover:text-indigo-900">
                  Mark read
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
