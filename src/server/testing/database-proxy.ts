import net from 'node:net';

export interface DatabaseProxy {
  port: number;
  /** Stops passing bytes both ways, connections left open: a frozen server, a dead link without a reset. */
  stall(): void;
  /** Passes bytes again; the connections that lost bytes are reset, as a real link would. */
  flow(): void;
  /** The database stops: every connection is closed and new ones are refused until `restore()`. */
  cut(): void;
  restore(): void;
  /** Connections refused while cut (the client tried to reach the database meanwhile). */
  refused(): number;
  /** The URL to reach `url`'s database through this proxy. */
  urlFor(url: string): string;
  close(): Promise<void>;
}

/**
 * A TCP proxy to PostgreSQL that a test can stall or cut, for the faults a server meets in
 * production: a network that stops answering, a database that restarts or fails over.
 */
export async function startDatabaseProxy(target: URL): Promise<DatabaseProxy> {
  let stalled = false;
  let cut = false;
  let refused = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (cut) {
      refused++;
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const pass = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        // Dropped while stalled: the other side waits forever, as through a broken link.
        if (!stalled) to.write(chunk);
      });
    pass(client, upstream);
    pass(upstream, client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const destroyAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port,
    stall: () => {
      stalled = true;
    },
    flow: () => {
      stalled = false;
      destroyAll();
    },
    cut: () => {
      cut = true;
      destroyAll();
    },
    restore: () => {
      cut = false;
    },
    refused: () => refused,
    urlFor: (url) => {
      const through = new URL(url);
      through.host = `127.0.0.1:${port}`;
      return through.toString();
    },
    close: () => {
      destroyAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
