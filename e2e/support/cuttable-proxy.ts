import { connect, createServer, type Socket } from 'node:net';

export interface CuttableProxy {
  url: string;
  /**
   * The network goes down: every open connection is reset and new ones are refused until `restore`
   * (a browser retries a POST once on a fresh connection after a reset, so one cut alone is not a drop).
   */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A TCP relay in front of the test server, so a journey can lose the network mid-upload for real. */
export async function cuttableProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let down = false;
  const server = createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const proxyPort = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    cut: () => {
      down = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    restore: () => {
      down = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
