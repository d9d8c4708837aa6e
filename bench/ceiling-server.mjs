#!/usr/bin/env node
// The ceiling: a bare node:http server answering precomputed bytes, as fast as this machine serves anything.
// argv[2]: a file holding the body; argv[3]: its content type; argv[4], optional: its content encoding.
// Prints {"port": N} once listening.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2]);
const headers = { 'content-type': process.argv[3] ?? 'application/json; charset=utf-8', 'content-length': body.length };
if (process.argv[4]) headers['content-encoding'] = process.argv[4];

const server = createServer((request, response) => {
  request.resume();
  response.writeHead(200, headers);
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
