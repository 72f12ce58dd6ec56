'use client';
import { Button } from '@/components/ui/button';
import { useInspector } from './inspector-context';

/**
 * Move up / move down / remove buttons of one item of a list, named for screen readers by
 * `what` ("retrier 2"). Hidden when the inspector is read-only.
 */
export function ItemControls({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onMove(to: number): void;
  onRemove(): void;
}) {
  const { readOnly } = useInspector();
  if (readOnly) return null;
  const cls = '!px-1.5 !py-0.5 text-xs';
  return (
    <div className="flex shrink-0 items-center gap-0.5">
      <Button
        variant="ghost"
        className={cls}
        aria-label={`Move ${what} up`}
        title="Move up"
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        ↑
      </Button>
      <Button
        variant="ghost"
        className={cls}
        aria-label={`Move ${what} down`}
        title="Move down"
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        ↓
      </Button>
      <Button
        variant="ghost"
        className={`${cls} text-red-700 hover:bg-red-50`}
        aria-label={`Remove ${what}`}
        title="Remove"
        onClick={onRemove}
      >
        ✕
      </Button>
    </div>
  );
}

/** A small "Add …" button for the end of a list; absent when read-only. */
export function AddButton({ children, onClick, testId }: { children: React.ReactNode; onClick(): void; testId?: string }) {
  const { readOnly } = useInspector();
  if (readOnly) return null;
  return (
    <Button className="!px-2 !py-1 text-xs" onClick={onClick} data-testid={testId}>
      + {children}
    </Button>
  );
}
