import { spawn } from 'node:child_process';

/**
 * Runs a system command (espeak-ng, opusenc, opusdec, pocketsphinx_continuous) with `input` on its
 * stdin and resolves with its stdout. Bounded: killed after `timeoutMs` or past `maxBytes` of output,
 * or when `signal` aborts. A non-zero exit rejects with the command's stderr tail.
 */
export function runCommand(
  cmd: string,
  args: readonly string[],
  opts: { input?: Buffer | string; timeoutMs?: number; maxBytes?: number; signal?: AbortSignal } = {},
): Promise<Buffer> {
  const { input, timeoutMs = 60_000, maxBytes = 64 * 1024 * 1024, signal } = opts;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'], signal });
    const out: Buffer[] = [];
    let size = 0;
    let err = '';
    let failed: Error | null = null;
    const fail = (e: Error) => {
      failed ??= e;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => fail(new Error(`${cmd} took longer than ${timeoutMs} ms`)), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) fail(new Error(`${cmd} wrote more than ${maxBytes} bytes`));
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString('utf8')).slice(-2000)));
    child.on('error', (e) => fail(e.message.includes('ENOENT') ? new Error(`${cmd} is not installed`) : e));
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failed) return reject(failed);
      if (code !== 0) return reject(new Error(`${cmd} exited with ${code}: ${err.trim().slice(-500)}`));
      resolve(Buffer.concat(out));
    });
    child.stdin.on('error', () => undefined); // a command that exits early closes its stdin: its exit code says why
    child.stdin.end(input ?? '');
  });
}
