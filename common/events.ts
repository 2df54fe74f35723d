/** Events the backend pushes to every connected window or browser tab. */
export interface DbChangedEvent {
  type: 'db:changed';
  tables: string[];
}

export interface JobProgressEvent {
  type: 'job:progress';
  jobId: string;
  kind: string;
  phase: 'running' | 'done' | 'failed' | 'cancelled';
  done: number;
  total: number | null;
  message: string;
}

export type WorkbenchEvent = DbChangedEvent | JobProgressEvent;
export type EventListener = (event: WorkbenchEvent) => void;
