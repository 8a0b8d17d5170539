import { createServer, type Socket } from 'node:net';

/** The replies a test wants; every other command is accepted. */
export interface SmtpScript {
  /** The reply to AUTH, '235 ok' unless told; the server offers AUTH only when this is set. */
  auth?: string;
  /** The reply to every RCPT TO, '250 ok' unless told. */
  rcpt?: string;
}

/**
 * A local SMTP server (for tests) that answers the replies it is given, so a test sees how the app
 * takes a refused login or a refused recipient. Counts the mails it accepted.
 */
export async function startScriptedSmtpServer(script: SmtpScript) {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let inData = false;
    let buffer = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 scripted-smtp ready');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            accepted += 1;
            reply('250 queued');
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO')
          reply(script.auth ? '250-scripted-smtp\r\n250 AUTH PLAIN LOGIN' : '250 scripted-smtp');
        else if (command === 'AUTH') reply(script.auth ?? '235 ok');
        else if (command === 'RCPT') reply(script.rcpt ?? '250 ok');
        else if (command === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (command === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The same server asked to log in, so nodemailer sends AUTH. */
    urlWithLogin: `smtp://user:secret@127.0.0.1:${port}`,
    get accepted() {
      return accepted;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
