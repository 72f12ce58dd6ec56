import type { BackfillEvents, BackfillReport } from './demo-history/backfill.ts';
import { planLine, runLine, runText, totalLine } from './demo-history/report.ts';

/**
 * How a backfill shows its progress: on a terminal one bar redrawn in place (a run that did not
 * succeed is printed above it and stays), elsewhere — `npm start`'s log, a pipe — a line per run.
 * The plan and the total are lines either way.
 */
export interface BackfillOutput extends BackfillEvents {
  total(report: BackfillReport): void;
}

const WIDTH = 24;

export function lineOutput(write: (line: string) => void): BackfillOutput {
  return {
    planned: (plan) => write(planLine(plan)),
    runFinished: (run, done, total) => write(runLine(run, done, total)),
    storing: (runs) => {
      if (runs) write(`demo history: waiting until the QA results and episodes of ${runs} runs are stored…`);
    },
    total: (report) => write(totalLine(report)),
  };
}

export function barOutput(stream: NodeJS.WriteStream): BackfillOutput {
  let drawn = false;
  const clear = () => {
    if (drawn) stream.write('\r\x1b[2K');
    drawn = false;
  };
  const line = (text: string) => {
    clear();
    stream.write(`${text}\n`);
  };
  const bar = (done: number, total: number, note: string) => {
    clear();
    const filled = total ? Math.round((done / total) * WIDTH) : WIDTH;
    const columns = Math.max(20, (stream.columns || 100) - WIDTH - 16);
    const text = note.length > columns ? `${note.slice(0, columns - 1)}…` : note;
    stream.write(`[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${done}/${total} ${text}`);
    drawn = true;
  };
  return {
    planned: (plan) => {
      line(planLine(plan));
      if (plan.runs.length) bar(0, plan.runs.length, 'starting…');
    },
    runFinished: (run, done, total) => {
      if (run.status !== 'SUCCEEDED') line(runLine(run, done, total));
      bar(done, total, runText(run));
    },
    storing: (runs) => {
      if (runs) line(`demo history: waiting until the QA results and episodes of ${runs} runs are stored…`);
    },
    total: (report) => line(totalLine(report)),
  };
}
