import { scryptSync } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scryptOnWorker } from '../../../daemon/services/auth/scrypt-workers.js';

const params = { N: 1024, r: 8, p: 1, maxmem: 32 * 1024 * 1024 };

/** Nice values of this process's threads (Linux). */
const threadNiceness = () =>
  readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });

describe('scryptOnWorker', () => {
  it('derives the same key as crypto.scryptSync', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const key = await scryptOnWorker('Passw0rd!', salt, 64, params);
    expect(key.equals(scryptSync('Passw0rd!', salt, 64, params))).toBe(true);
  });

  it('answers each of many concurrent hashes with its own key', async () => {
    const passwords = Array.from({ length: 9 }, (_, i) => `password-${i}`);
    const salt = Buffer.alloc(16, 7);
    const keys = await Promise.all(passwords.map((p) => scryptOnWorker(p, salt, 32, params)));
    keys.forEach((key, i) => expect(key.equals(scryptSync(passwords[i], salt, 32, params))).toBe(true));
  });

  it('rejects parameters scrypt refuses, and keeps working after', async () => {
    await expect(scryptOnWorker('x', Buffer.alloc(16), 64, { ...params, N: 1000 })).rejects.toThrow();
    expect((await scryptOnWorker('x', Buffer.alloc(16), 16, params)).length).toBe(16);
  });

  it('hashes on threads of lower priority than the one answering requests', async () => {
    await scryptOnWorker('x', Buffer.alloc(16), 16, params);
    if (process.platform !== 'linux') return;
    const niceness = threadNiceness();
    expect(niceness).toContain(10);
    expect(Math.min(...niceness)).toBeLessThan(10);
  });
});
