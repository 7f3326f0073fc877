import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Deadlines } from './deadlines.js';

describe('M6 · per-call timeouts on one timer', () => {
  it('M6 · a call that outlives the limit expires, never before the limit has passed', async () => {
    const deadlines = new Deadlines(40);
    const started = performance.now();
    const expired = await new Promise<number>((resolve) => deadlines.add(() => resolve(performance.now())));
    expect(expired - started).toBeGreaterThanOrEqual(40);
  });

  it('M6 · a cancelled deadline never expires', async () => {
    const deadlines = new Deadlines(20);
    let fired = false;
    deadlines
      .add(() => {
        fired = true;
      })
      .cancel();
    await sleep(60);
    expect(fired).toBe(false);
  });

  it('M6 · calls started later get their full limit, though the timer was armed for an earlier one', async () => {
    const deadlines = new Deadlines(60);
    const order: string[] = [];
    const first = deadlines.add(() => order.push('first'));
    await sleep(30);
    const startedSecond = performance.now();
    let secondExpired = 0;
    const second = new Promise<void>((resolve) =>
      deadlines.add(() => {
        secondExpired = performance.now();
        order.push('second');
        resolve();
      }),
    );
    first.cancel();
    await second;
    expect(order).toEqual(['second']);
    expect(secondExpired - startedSecond).toBeGreaterThanOrEqual(60);
  });

  it('M6 · expired calls leave in the order they started', async () => {
    const deadlines = new Deadlines(20);
    const order: number[] = [];
    await new Promise<void>((resolve) => {
      for (const n of [1, 2, 3]) {
        deadlines.add(() => {
          order.push(n);
          if (n === 3) resolve();
        });
      }
    });
    expect(order).toEqual([1, 2, 3]);
  });

  it('M6 · with no call waiting, the timer does not keep the process alive', async () => {
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
