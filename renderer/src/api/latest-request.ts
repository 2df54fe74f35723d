/**
 * "Latest request wins" for a store that keeps state of its own and must fetch (a view that only
 * shows an answer uses `useOperation`, which does this itself): an answer, or a failure, that
 * comes after a newer request was sent is dropped, so a slow answer never overwrites a newer one.
 */

/** Says, at any time, whether the request it was given to is still the newest. */
export type IsLatest = () => boolean;

export interface LatestRequest {
  /**
   * Sends `work` as the newest request: from now on every earlier request's answer is dropped.
   * `onAnswer` gets its answer and `onError` its failure while it is still the newest; long work
   * (a retry loop) can ask `isLatest` to stop trying once it is not. Resolves to whether `onAnswer` took the answer.
   */
  send<T>(work: (isLatest: IsLatest) => Promise<T>, onAnswer: (value: T) => void, onError: (err: unknown) => void): Promise<boolean>;
  /** Like `send`, but as part of the newest request (a page of it, a detail): it does not drop the request, and is dropped with it. */
  follow<T>(work: (isLatest: IsLatest) => Promise<T>, onAnswer: (value: T) => void, onError: (err: unknown) => void): Promise<boolean>;
  /** Drops every answer in flight, e.g. when what they were asked for is cleared. */
  drop(): void;
}

/** One line of requests, of which only the newest is answered. */
export function latestRequest(): LatestRequest {
  let newest = 0;
  async function settle<T>(
    mine: number,
    work: (isLatest: IsLatest) => Promise<T>,
    onAnswer: (value: T) => void,
    onError: (err: unknown) => void,
  ): Promise<boolean> {
    const isLatest = () => mine === newest;
    let value: T;
    try {
      value = await work(isLatest);
    } catch (err) {
      if (isLatest()) onError(err);
      return false;
    }
    if (!isLatest()) return false;
    onAnswer(value);
    return true;
  }
  return {
    send: (work, onAnswer, onError) => settle(++newest, work, onAnswer, onError),
    follow: (work, onAnswer, onError) => settle(newest, work, onAnswer, onError),
    drop() {
      newest++;
    },
  };
}
