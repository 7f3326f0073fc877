import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Deadlines } from './deadlines.js';

describe('M6 · per-call timeouts on one timer', () => {
  // Fake time: on a loaded machine a real sleep can outlast the limit it is meant to stay under.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('M6 · a call that outlives the limit expires once the limit has passed, not before', () => {
    const deadlines = new Deadlines(40);
    const expire = vi.fn();
    deadlines.add(expire);
    vi.advanceTimersByTime(39);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledOnce();
  });

  it('M6 · a cancelled deadline never expires', () => {
    const deadlines = new Deadlines(20);
    const expire = vi.fn();
    deadlines.add(expire).cancel();
    vi.advanceTimersByTime(1_000);
    expect(expire).not.toHaveBeenCalled();
  });

  it('M6 · a call started later gets its full limit, though the timer was armed for an earlier one', () => {
    const deadlines = new Deadlines(60);
    const first = vi.fn();
    const second = vi.fn();
    const earlier = deadlines.add(first);
    vi.advanceTimersByTime(30);
    deadlines.add(second);
    earlier.cancel();
    vi.advanceTimersByTime(30); // the timer fires for the first call, which has ended
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(29);
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(second).toHaveBeenCalledOnce();
    expect(first).not.toHaveBeenCalled();
  });

  it('M6 · calls that run out of time leave in the order they started, each at its own limit', () => {
    const deadlines = new Deadlines(20);
    const order: number[] = [];
    for (const n of [1, 2, 3]) {
      deadlines.add(() => order.push(n));
      vi.advanceTimersByTime(5);
    }
    vi.advanceTimersByTime(5); // 20 ms after the first started
    expect(order).toEqual([1]);
    vi.advanceTimersByTime(10);
    expect(order).toEqual([1, 2, 3]);
  });
});

describe('M6 · the deadline timer and the process', () => {
  it('M6 · with no call waiting, the timer does not keep the process alive', () => {
    const deadlines = new Deadlines(10_000);
    deadlines.add(() => {}).cancel();
    const timer = (deadlines as unknown as { timer: NodeJS.Timeout }).timer;
    expect(timer.hasRef()).toBe(false);
    const waiting = deadlines.add(() => {});
    expect(timer.hasRef()).toBe(true);
    waiting.cancel();
    expect(timer.hasRef()).toBe(false);
  });
});
