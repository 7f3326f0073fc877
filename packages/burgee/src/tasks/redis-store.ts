import { ConfigError } from '../errors/errors.js';
import { failedRecord } from './endings.js';
import type { TaskStore } from './file-store.js';
import { isTaskId, isTerminal, recordName, type TaskRecord } from './record.js';
import { heartbeatStale } from './worker-alive.js';

/** The part of `@redis/client`'s client this store uses. */
type Redis = {
  connect(): Promise<unknown>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, options: { PX: number; NX?: true }): Promise<string | null>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  scanIterator(options: { MATCH: string; COUNT: number }): AsyncIterable<string[]>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  destroy(): void;
};

/** Replaces the record only if it is still the one read: a compare-and-set, keeping its TTL. */
const COMPARE_AND_SET = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
  return 1
end
return 0`;

/**
 * Tasks kept in Redis (B4), for instances on several machines: every instance that is given the same
 * `BURGEE_TASK_STORE` answers for every task. Each record lives under a digest of its id, expiring
 * at its TTL; a change is a compare-and-set, retried when another writer came first. The client,
 * `@redis/client`, is loaded only when a Redis store is configured.
 */
export async function openRedisStore(url: string, program: string): Promise<TaskStore> {
  let client: Redis;
  try {
    const { createClient } = (await import('@redis/client')) as unknown as { createClient(o: object): Redis };
    client = createClient({ url, socket: { reconnectStrategy: false } });
    client.on('error', () => {});
    await client.connect();
  } catch (error) {
    throw new ConfigError(`the task store ${redacted(url)} cannot be used: ${(error as Error).message}`, {
      hint: 'BURGEE_TASK_STORE names a Redis server (redis://host:port); install @redis/client beside burgee',
    });
  }
  const prefix = `burgee:${program}:task:`;
  const key = (id: string) => `${prefix}${recordName(id)}`;
  const stored = async (id: string): Promise<TaskRecord | undefined> => {
    const text = isTaskId(id) ? await client.get(key(id)) : null;
    return text === null ? undefined : (JSON.parse(text) as TaskRecord);
  };
  const store: TaskStore = {
    async create(record) {
      const left = Date.parse(record.createdAt) + record.ttlMs - Date.now();
      await client.set(key(record.id), JSON.stringify(record), { PX: Math.max(1, left), NX: true });
    },
    async get(id) {
      const record = await stored(id);
      if (record === undefined || isTerminal(record.status) || !heartbeatStale(record, Date.now(), STALE_MS)) {
        return record;
      }
      return store.update(id, (current) => (isTerminal(current.status) ? current : failedRecord(current, Date.now())));
    },
    async update(id, change) {
      for (let attempt = 0; attempt < 50; attempt++) {
        const text = isTaskId(id) ? await client.get(key(id)) : null;
        if (text === null) return undefined;
        const changed = change(JSON.parse(text) as TaskRecord);
        const args = [text, JSON.stringify(changed)];
        if ((await client.eval(COMPARE_AND_SET, { keys: [key(id)], arguments: args })) === 1) return changed;
      }
      throw new ConfigError(`the task store ${redacted(url)} is too busy: a task could not be changed`);
    },
    async list() {
      const records: TaskRecord[] = [];
      for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 100 })) {
        for (const found of keys) {
          const text = await client.get(found);
          if (text !== null) records.push(JSON.parse(text) as TaskRecord);
        }
      }
      return records.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },
  };
  return store;
}

/** A worker not heard of for this long is taken as gone: ten of its one-second looks. */
const STALE_MS = 10_000;

/** The URL without its password, as messages show it. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'in BURGEE_TASK_STORE';
  }
}
