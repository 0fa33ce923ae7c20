import { createServer, type Server, type Socket } from 'node:net';

export interface FakeSmtp {
  url: string;
  /** Messages accepted, in order: the raw DATA of each. */
  received: string[];
  /** Refuse the next n messages with a temporary error (451), as a busy mail server does. */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

/**
 * A local SMTP server (just enough of RFC 5321 for nodemailer, no TLS) that records what it is sent:
 * mail delivery is tested at its network boundary, never against a real server.
 */
export async function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  const received: string[] = [];
  let refuse = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    socket.write('220 fake-smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          if (refuse > 0) {
            refuse--;
            socket.write('451 4.3.0 try again later\r\n');
          } else {
            received.push(data);
            socket.write('250 2.0.0 queued\r\n');
          }
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake-smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') socket.write('250 fake-smtp\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    received,
    refuseNext: (n) => {
      refuse = n;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
