import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';

/**
 * A tiny SMTP server for the journeys: the e2e server sends its e-mails here (SMTP_URL), and each
 * message is written to E2E_DATA_DIR/mail/ so a journey can open a link from it (password reset).
 * The server's own outbox is in its embedded database, which another process cannot open while
 * the server runs. Only what nodemailer sends is understood; every command is accepted.
 */
export const mailDir = (dataDir: string) => path.join(dataDir, 'mail');

function serve(socket: Socket, dir: string, next: () => number) {
  let buffer = '';
  let inData = false;
  socket.setEncoding('utf8');
  socket.write('220 vastra-e2e-mail-sink\r\n');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        writeFileSync(path.join(dir, `${Date.now()}-${next()}.eml`), buffer.slice(0, end));
        buffer = buffer.slice(end + 5);
        inData = false;
        socket.write('250 OK\r\n');
        continue;
      }
      const eol = buffer.indexOf('\r\n');
      if (eol < 0) return;
      const command = buffer.slice(0, eol).toUpperCase();
      buffer = buffer.slice(eol + 2);
      if (command.startsWith('EHLO')) socket.write('250-vastra-e2e\r\n250 8BITMIME\r\n');
      else if (command.startsWith('DATA')) {
        inData = true;
        socket.write('354 End with <CRLF>.<CRLF>\r\n');
      } else if (command.startsWith('QUIT')) socket.end('221 Bye\r\n');
      else socket.write('250 OK\r\n');
    }
  });
  socket.on('error', () => socket.destroy());
}

/** Playwright global setup: starts the sink; the returned function stops it after the run. */
export default async function startMailSink() {
  const dataDir = process.env.E2E_DATA_DIR;
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!dataDir || !port) return undefined;
  const dir = mailDir(dataDir);
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = createServer((socket) => serve(socket, dir, () => ++count));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
