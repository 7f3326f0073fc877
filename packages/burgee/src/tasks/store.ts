import type { TaskStore } from './file-store.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The task store this run uses (B4): Redis when `BURGEE_TASK_STORE` names one (instances on several
 * machines), else the user's state folder (one machine). Each is loaded only when chosen.
 */
export async function openTaskStore(program: string, env: Env): Promise<TaskStore> {
  const url = env.BURGEE_TASK_STORE;
  if (url !== undefined && url !== '') {
    const { openRedisStore } = await import('./redis-store.js');
    return openRedisStore(url, program);
  }
  const { openFileStore, tasksFolder } = await import('./file-store.js');
  return openFileStore(tasksFolder(program, env));
}
