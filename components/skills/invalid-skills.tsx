import { Panel } from '@/components/ui/panel';
import { IssueRows } from './issue-rows';
import type { Skillset } from './types';

/**
 * Files in the catalog directory that are not usable skills: manifests that fail validation (with
 * every error and warning) and files that cannot be read or parsed. They are never offered to agents.
 */
export function InvalidSkills({ invalid, unreadable, directory }: Pick<Skillset, 'invalid' | 'unreadable' | 'directory'>) {
  const total = invalid.length + unreadable.length;
  return (
    <Panel title={`Invalid manifests and unreadable files (${total})`} id="invalid-skills">
      {total === 0 ? (
        <p className="text-sm text-slate-500">Every manifest file in {directory}/ is valid.</p>
      ) : (
        <div className="space-y-4">
          {invalid.map((entry) => (
            <article key={entry.file} className="space-y-2" data-testid="invalid-skill">
              <h3 className="text-sm font-medium">
                <span className="font-mono">{entry.file}</span>
                {entry.uri && <span className="ml-2 font-mono text-xs text-slate-500">{entry.uri}</span>}
              </h3>
              <IssueRows issues={entry.errors} tone="error" />
              {entry.warnings.length > 0 && <IssueRows issues={entry.warnings} tone="warning" />}
            </article>
          ))}
          {unreadable.length > 0 && (
            <ul className="space-y-1.5">
              {unreadable.map((u) => (
                <li key={u.file} className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm" data-testid="unreadable-skill">
                  <span className="font-mono font-medium">{u.file}</span>
                  <span className="mt-0.5 block text-red-800">{u.message}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Panel>
  );
}
