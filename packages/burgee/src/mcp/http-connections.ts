import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long a connection accepted before a stop may take to bring its request. */
const FIRST_REQUEST_MS = 1_000;

type Use = { requests: number; active: number };

/**
 * The connections of one server and what each is doing, so that a stop (M7) can tell a connection
 * accepted an instant ago, whose request is on its way (a load balancer writes it right after
 * connecting), from one left idle between requests. Dropping the first would fail a call that
 * reached this instance before its listener closed; the second holds nothing.
 */
export class Connections {
  private readonly uses = new Map<Socket, Use>();
  private draining = false;
  private waiting: (() => void) | undefined;

  constructor(server: Server) {
    server.on('connection', (socket: Socket) => {
      this.uses.set(socket, { requests: 0, active: 0 });
      socket.once('close', () => {
        this.uses.delete(socket);
        this.check();
      });
    });
  }

  /** Counts one request until its response closes; once stopping, its connection ends after it. */
  track(request: IncomingMessage, response: ServerResponse): void {
    const socket = request.socket;
    const use = this.uses.get(socket) ?? { requests: 0, active: 0 };
    this.uses.set(socket, { requests: use.requests + 1, active: use.active + 1 });
    this.check();
    // Told up front, so a client or proxy does not send another request on this connection.
    if (this.draining) response.setHeader('connection', 'close');
    response.once('close', () => {
      const now = this.uses.get(socket);
      if (now === undefined) return;
      now.active--;
      if (this.draining && now.active === 0) socket.end();
    });
  }

  /**
   * Closes the connections idle between requests, waits (at most a second) for those that have
   * brought no request yet to bring one or close, then closes any still silent.
   */
  async drain(): Promise<void> {
    this.draining = true;
    for (const [socket, use] of this.uses) if (use.requests > 0 && use.active === 0) socket.destroy();
    if (this.silent().length > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, FIRST_REQUEST_MS);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiting = undefined;
    }
    for (const socket of this.silent()) socket.destroy();
  }

  private silent(): Socket[] {
    return [...this.uses].filter(([, use]) => use.requests === 0).map(([socket]) => socket);
  }

  private check(): void {
    if (this.waiting !== undefined && this.silent().length === 0) this.waiting();
  }
}
