import { describe, expect, it } from 'vitest';
import { isTaskId, newTaskId } from './record.js';

describe('B4 · task ids', () => {
  it('B4 · an id is 32 random bytes that never begins with "-", so a command line never reads it as an option', () => {
    // One base64url string in 64 begins with '-': 20,000 draws would meet about 300 of them.
    const ids = Array.from({ length: 20_000 }, newTaskId);
    expect(ids.filter((id) => id.startsWith('-'))).toEqual([]);
    expect(ids.every(isTaskId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Buffer.from(ids[0]!, 'base64url')).toHaveLength(32);
  });
});
