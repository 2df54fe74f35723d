/**
 * Batches a stream of terminal output before it crosses a process boundary (STYLE.md, as
 * hyper does): one flush per ~16 ms, or at once when 200 KB are waiting. Each flush carries
 * the character offset of its first character in the whole stream, so a terminal that read the
 * stored output up to some offset can join the live stream without gaps or duplicates.
 */
export class OutputBatcher {
  private chunks: string[] = [];
  private size = 0;
  private timer: NodeJS.Timeout | null = null;
  private sent = 0;

  constructor(
    private readonly flushTo: (data: string, offset: number) => void,
    private readonly intervalMs = 16,
    private readonly maxChars = 200 * 1024,
  ) {}

  push(data: string): void {
    if (data === '') return;
    this.chunks.push(data);
    this.size += data.length;
    if (this.size >= this.maxChars) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  /** Sends what is waiting now (also the last call before the attempt's status changes). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.size === 0) return;
    const data = this.chunks.join('');
    this.chunks = [];
    this.size = 0;
    const offset = this.sent;
    this.sent += data.length;
    this.flushTo(data, offset);
  }
}
