// The journeys' stand-in for the platforms' image hosts, which the tests cannot reach: the e2e server
// fetches every profile photo from here (PHOTO_TEST_UPSTREAM), and this answers each path with a small
// PNG, as a platform's image host answers a photo address.
import { createServer } from 'node:http';

/** A 1×1 PNG (a blue pixel). */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const port = Number(process.env.PHOTO_HOST_PORT);
createServer((request, response) => {
  if (request.url === '/healthz') {
    response.writeHead(200).end('ok');
    return;
  }
  response.writeHead(200, { 'content-type': 'image/png', 'content-length': PIXEL.length }).end(PIXEL);
}).listen(port, '127.0.0.1');
