// A stand-in chat server: GET /login/{token} asks the authorization service who the token
// belongs to (POST with a `token` header, as the protocol allows) and says what it would do.
const http = require('node:http');

const AUTH = process.env.AUTH_SERVICE_URL;

async function login(token) {
  const answer = await fetch(AUTH, { method: 'POST', headers: { token } });
  if (answer.status !== 200) {
    const text = await answer.text();
    const body = text ? JSON.parse(text) : {};
    return `refused: ${answer.status} ${body.errorCode ?? '(no body)'}`;
  }
  const { client } = await answer.json();
  return client.enabled === 'true'
    ? `welcome, ${client.firstname} ${client.surname}`
    : `refused: ${client.name} is disabled`;
}

const server = http
  .createServer(async (req, res) => {
    const match = /^\/login\/([^/]+)$/.exec(req.url ?? '');
    if (!match) return res.writeHead(404).end();
    try {
      res.end(`${await login(decodeURIComponent(match[1]))}\n`);
    } catch (error) {
      res.writeHead(502).end(`auth service unreachable: ${error.message}\n`);
    }
  })
  .listen(Number(process.env.PORT ?? 3000), () => console.log(`chat server on :${server.address().port}`));

// As PID 1 in its container, node gets no default SIGTERM action: without this, `docker stop`
// waits its 10 s and kills it (exit 137). Stop at once, closing idle keep-alive connections too.
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
