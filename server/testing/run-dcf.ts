import { spawn } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from './test-database.ts';

export type DcfRun = { code: number | null; stdout: string; stderr: string; json: unknown };

/** Runs the real `dcf` entry point (what `npx dcf` runs) as a separate process. */
export function runDcf(args: string[], stdin?: string, env: Record<string, string> = {}): Promise<DcfRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'cli/dcf.mjs'), ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NODE_ENV: 'test', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code, stdout, stderr, json });
    });
    child.stdin.end(stdin ?? '');
  });
}
