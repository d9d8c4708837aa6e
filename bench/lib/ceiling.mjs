// The ceiling: a bare node:http server (bench/ceiling-server.mjs, its own process) answering fixed bytes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnWithJsonLine, stopChild } from './processes.mjs';

const CEILING_SERVER = fileURLToPath(new URL('../ceiling-server.mjs', import.meta.url));

/**
 * Runs `use(url, pid)` against a bare server that answers `body` with `contentType` (and `contentEncoding`,
 * when the body is already encoded) to every request.
 */
export async function withCeilingServer(body, contentType, use, contentEncoding = null) {
  const dir = mkdtempSync(join(tmpdir(), 'cdnctl-bench-ceiling-'));
  const file = join(dir, 'body');
  writeFileSync(file, body);
  const server = await spawnWithJsonLine(
    CEILING_SERVER,
    contentEncoding ? [file, contentType, contentEncoding] : [file, contentType],
  );
  try {
    return await use(`http://127.0.0.1:${server.value.port}`, server.child.pid);
  } finally {
    await stopChild(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
}
