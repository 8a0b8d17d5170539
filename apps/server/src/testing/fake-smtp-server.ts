import { createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** Replies a test wants the server to give; every other command is accepted. */
export interface SmtpScript {
  /** The reply to AUTH, '235 ok' unless told; the server offers AUTH only when this is set. */
  auth?: string;
  /** The reply to every RCPT TO, '250 ok' unless told; a refused recipient is not kept. */
  rcpt?: string;
}

/**
 * A local SMTP server that speaks just enough of RFC 5321 for nodemailer, and keeps what it
 * receives so tests can check what the app sent. A script (which a test may change as it goes)
 * makes it refuse a login or a recipient, to see how the app takes that.
 */
export async function startFakeSmtpServer(script: SmtpScript = {}) {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let current: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    let buffer = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ready');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 queued');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        switch (line.slice(0, 4).toUpperCase()) {
          case 'EHLO':
            reply(script.auth ? '250-fake-smtp\r\n250 AUTH PLAIN LOGIN' : '250 fake-smtp');
            continue;
          case 'AUTH':
            reply(script.auth ?? '235 ok');
            continue;
          case 'MAIL':
            current.from = line.slice(10).trim();
            break;
          case 'RCPT': {
            const answer = script.rcpt ?? '250 ok';
            if (answer.startsWith('2')) current.to.push(line.slice(8).trim());
            reply(answer);
            continue;
          }
          case 'DATA':
            inData = true;
            reply('354 end with <CRLF>.<CRLF>');
            continue;
          case 'QUIT':
            reply('221 bye');
            socket.end();
            continue;
        }
        reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The same server with a login in its address, so nodemailer sends AUTH. */
    urlWithLogin: `smtp://user:secret@127.0.0.1:${port}`,
    received,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
