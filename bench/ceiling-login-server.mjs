#!/usr/bin/env node
// The login ceiling: a bare node:http server that, for every POST, hashes the password with Traffic Ops' scrypt
// on worker threads (one per core, like the daemon's pool) and answers fixed bytes with a cookie; every GET gets
// precomputed bytes. It is what this machine can do at most with the login case's two loads: no session, no
// database, no limits. argv[2]: a file holding the GET body. Prints {"port": N} once listening.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const WORKER = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ id, password, params }) => parentPort.postMessage({ id, key: scryptSync(password, Buffer.alloc(16), 64, params) }));`;

const getBody = readFileSync(process.argv[2]);
const getHeaders = { 'content-type': 'application/json; charset=utf-8', 'content-length': getBody.length };
const loginBody = Buffer.from('{"alerts":[{"level":"success","text":"Successfully logged in."}]}');
const loginHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': loginBody.length,
  'set-cookie': 'mojolicious=bench; Path=/; HttpOnly; SameSite=Lax',
};

const idle = [];
const queue = [];
const waiting = new Map();
let nextId = 0;
for (let i = 0; i < availableParallelism(); i++) {
  const worker = new Worker(WORKER, { eval: true });
  worker.on('message', ({ id }) => {
    waiting.get(id)();
    waiting.delete(id);
    idle.push(worker);
    dispatch();
  });
  idle.push(worker);
}
function dispatch() {
  while (idle.length > 0 && queue.length > 0) {
    const { password, done } = queue.shift();
    const id = nextId++;
    waiting.set(id, done);
    idle.pop().postMessage({ id, password, params: PARAMS });
  }
}

const server = createServer((request, response) => {
  if (request.method !== 'POST') {
    request.resume();
    response.writeHead(200, getHeaders);
    response.end(getBody);
    return;
  }
  let text = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => (text += chunk));
  request.on('end', () => {
    const password = String(JSON.parse(text).p ?? '');
    queue.push({ password, done: () => (response.writeHead(200, loginHeaders), response.end(loginBody)) });
    dispatch();
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
