import { describe, expect, it } from 'vitest';
import { ChangesSincePage, pageWaitMaxMs } from './changes-since-page';

describe('ChangesSincePage', () => {
  it('collects the tables written after a page was served, for its socket once', () => {
    const changes = new ChangesSincePage(() => 0);
    changes.changed(['labels']);
    changes.served('t1');
    changes.changed(['rollouts']);
    changes.changed(['rollouts', 'steps']);
    expect(changes.take('t1')).toEqual({ type: 'db:changed', tables: ['rollouts', 'steps'] });
    expect(changes.take('t1')).toBeUndefined();
  });

  it('says nothing to a page that missed no write, or to a socket of no page served with rows', () => {
    const changes = new ChangesSincePage(() => 0);
    changes.served('t1');
    expect(changes.take('t1')).toBeUndefined();
    changes.changed(['rollouts']);
    expect(changes.take('t2')).toBeUndefined();
  });

  it('tells of a write that named no table as one that could have changed any', () => {
    const changes = new ChangesSincePage(() => 0);
    changes.served('t1');
    changes.changed(['rollouts']);
    changes.changed([]);
    changes.changed(['labels']);
    expect(changes.take('t1')).toEqual({ type: 'db:changed', tables: [] });
  });

  it('keeps what an earlier page under the same link missed, and forgets pages whose socket never opened', () => {
    const clock = { now: 0 };
    const changes = new ChangesSincePage(() => clock.now);
    changes.served('t1');
    changes.changed(['rollouts']);
    changes.served('t1');
    expect(changes.take('t1')).toEqual({ type: 'db:changed', tables: ['rollouts'] });

    changes.served('t2');
    changes.changed(['rollouts']);
    clock.now = pageWaitMaxMs + 1;
    changes.served('t3');
    expect(changes.take('t2')).toBeUndefined();
  });
});
