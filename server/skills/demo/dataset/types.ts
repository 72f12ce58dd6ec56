/**
 * The demo skills' synthetic world: advisors, loan applications and call recordings with their
 * diarized transcripts. The turns are the call's truth: its audio is rendered from them, each turn
 * into its slot (server/skills/demo/audio/), and the Whisper and AssemblyAI skills return the stored
 * turns with their timings (docs/demo-data.md "Demo skills").
 */
export type Speaker = 'Advisor' | 'Customer';

/** One speaker turn of a call, with its position in the call's audio in seconds (the slot its speech is rendered into). */
export interface Turn {
  speaker: Speaker;
  text: string;
  start_s: number;
  end_s: number;
}

export interface Advisor {
  advisor_id: string;
  name: string;
  /** The advisor's team (the QA queue filters on it). */
  team: string;
}

/** The demo world's products (worlds/demo-products.ts); another world has its own (Application.product is any product name). */
export type Product = 'HELOC 2.0' | 'Homeowner Loan' | 'Debt Consolidation Loan';

export interface Application {
  application_id: string;
  advisor_id: string;
  customer: string;
  product: string;
  amount: number;
  /** YYYY-MM-DD: the day the application was opened; get_applications_by_advisor filters on it. */
  opened_on: string;
}

export interface Recording {
  recording_id: string;
  application_id: string;
  uri: string;
  duration_s: number;
  /** ISO 8601 date-time (UTC). */
  recorded_at: string;
  turns: Turn[];
}

export interface Dataset {
  seed: number;
  advisors: Advisor[];
  applications: Application[];
  recordings: Recording[];
}
