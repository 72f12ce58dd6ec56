/** A validator finding as the skill pages show it: JSON pointer, stable code, message. */
export type IssueRow = { path: string; code: string; message: string };

export function IssueRows({ issues, tone }: { issues: IssueRow[]; tone: 'error' | 'warning' }) {
  return (
    <ul className="space-y-1.5">
      {issues.map((i, n) => (
        <li
          key={`${i.path}|${i.code}|${n}`}
          className={`rounded-md border px-3 py-2 text-sm ${tone === 'error' ? 'border-red-200 bg-red-50' : 'border-amber-200 bg-amber-50'}`}
        >
          <span className="block text-slate-900">{i.message}</span>
          <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-600">
            <code className="break-all font-mono">{i.path === '' ? '(document root)' : i.path}</code>
            <span className="font-mono">{i.code}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
