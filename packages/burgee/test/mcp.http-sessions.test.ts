// Over --http, a 2025-era client that can be asked gets a session of the instance it reached
// (Q1); every other request stays stateless (M7). Driven with plain HTTP requests, as a client or
// a load balancer sends them, against real `--mcp --http` servers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/cli.js';
import { type HttpServer, spawnHttp } from './support/http.js';
import { envelopeOf } from './support/mcp.js';

const ops = `${repoRoot}packages/burgee/test/fixtures/mcp-questions.mjs`;
const VERSION = '2025-06-18';

type Exchange = { status: number; session: string | null; messages: Array<Record<string, unknown>> };

/** One POST as a 2025-era client sends it; the answer's JSON-RPC messages, from JSON or from the SSE stream. */
async function post(url: string, body: object, session?: string): Promise<Exchange> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': VERSION,
      ...(session === undefined ? {} : { 'mcp-session-id': session }),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const messages = text.startsWith('{')
    ? [JSON.parse(text)]
    : text
        .split('\n')
        .filter((line) => line.startsWith('data: ') && line.length > 6)
        .map((line) => JSON.parse(line.slice(6)));
  return { status: response.status, session: response.headers.get('mcp-session-id'), messages };
}

const initialize = (capabilities: object) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: VERSION, capabilities, clientInfo: { name: 'raw', version: '1' } },
});
const callRollback = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'rollback', arguments: {} } };

let server: HttpServer;
beforeAll(async () => {
  server = await spawnHttp(ops);
});
afterAll(async () => {
  await server.stop();
});

describe('Q1 · M7 · 2025-era sessions over --http', () => {
  it('Q1 · an initialize declaring form elicitation opens a session; one without it stays stateless', async () => {
    const asking = await post(server.url, initialize({ elicitation: { form: {} } }));
    expect(asking.status).toBe(200);
    expect(asking.session).toMatch(/^[0-9a-f-]{36}$/);
    const bare = await post(server.url, initialize({ elicitation: {} }));
    expect(bare.session).toMatch(/^[0-9a-f-]{36}$/);
    expect(bare.session).not.toBe(asking.session);
    const silent = await post(server.url, initialize({}));
    expect(silent.status).toBe(200);
    expect(silent.session).toBeNull();
    // A client that only takes URLs cannot fill in a form.
    const urlsOnly = await post(server.url, initialize({ elicitation: { url: {} } }));
    expect(urlsOnly.session).toBeNull();
  });

  it('Q1 · in its session, the call asks the client with elicitation/create on the call’s own stream', async () => {
    const { session } = await post(server.url, initialize({ elicitation: { form: {} } }));
    await post(server.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session!);
    const call = fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': VERSION,
        'mcp-session-id': session!,
      },
      body: JSON.stringify(callRollback),
    });
    const response = await call;
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = '';
    let question: { id: unknown; method: string; params: { message: string } } | undefined;
    while (question === undefined) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += value;
      const line = seen.split('\n').find((l) => l.startsWith('data: ') && l.includes('elicitation/create'));
      if (line !== undefined) question = JSON.parse(line.slice(6));
    }
    expect(question?.method).toBe('elicitation/create');
    expect(question?.params.message).toBe(
      'ops rollback: Which service? Why roll back? How many replicas? Which regions?',
    );
    // The answer comes back as a POST of its own, in the same session.
    const answer = await post(
      server.url,
      {
        jsonrpc: '2.0',
        id: question!.id,
        result: { action: 'accept', content: { service: 'api', reason: 'bad deploy', replicas: 4, regions: ['eu'] } },
      },
      session!,
    );
    expect(answer.status).toBe(202);
    let rest = seen;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += value;
    }
    const result = rest
      .split('\n')
      .filter((l) => l.startsWith('data: ') && l.length > 6)
      .map((l) => JSON.parse(l.slice(6)))
      .find((m) => m.id === 2);
    expect(envelopeOf(result.result)).toMatchObject({
      ok: true,
      data: { service: 'api', reason: 'bad deploy', replicas: 4, regions: ['eu'] },
    });
  });

  it('M7 · a request naming a session this instance does not hold is served statelessly: answered, not refused', async () => {
    const call = await post(
      server.url,
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'login', arguments: { token: 't' } } },
      '00000000-0000-4000-8000-000000000000',
    );
    expect(call.status).toBe(200);
    expect(call.messages[0]).toMatchObject({ id: 3, result: { isError: true } });
    // Never asked there: the refusal names the missing flag, as for any client that cannot be asked.
    expect(JSON.stringify(call.messages[0])).toContain('--user');
  });

  it('Q1 · a session ends with DELETE; its id is then served statelessly', async () => {
    const { session } = await post(server.url, initialize({ elicitation: { form: {} } }));
    const ended = await fetch(server.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': session!, 'mcp-protocol-version': VERSION },
    });
    expect(ended.status).toBe(200);
    const after = await post(server.url, callRollback, session!);
    expect(after.status).toBe(200);
    expect(JSON.stringify(after.messages[0])).toContain('--service');
  });
});
