import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { CliError } from '../../errors.js';
import {
  copyUrlKeys,
  generateUrlKeys,
  getUriKeys,
  getUrlKeys,
  setUriKeys,
  type UriSigningKeyset,
} from '../../../shared/client/keys.js';
import { messageOutput, recordOutput, tableOutput } from '../../output/format.js';
import { requireReveal } from './reveal.js';
import { addVerb } from '../common/verb.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from '../common/confirm.js';
import { writeOutput } from '../common/write.js';

const REVEAL = '--reveal';
const revealHelp = 'print the secrets even when stdout is not a terminal';

/** `cdnctl keys url generate|get|copy <xmlId>`. */
export function registerUrlKeys(url: Command): void {
  addVerb<DestructiveFlags, [string]>(url, {
    name: 'generate <xmlId>',
    description: 'Generate new URL-signing keys (16 keys) for a delivery service, replacing any it has',
    examples: ['cdnctl keys url generate ds1', 'cdnctl keys url generate ds1 --yes   # off a terminal'],
    api: { min: '1.1' },
    configure: (c) => destructiveOptions(c, { dryRun: false }),
    run: async (inv, [xmlId]: [string], flags) => {
      const description = `replace the URL-signing keys of ${xmlId} with 16 new ones`;
      await confirmDestructive(inv.printer, { description }, flags);
      const result = await generateUrlKeys(await inv.client(), xmlId);
      return writeOutput(inv, result, `Generated 16 new URL-signing keys for ${xmlId}, replacing any it had`);
    },
  });
  addVerb<{ reveal?: boolean }, [string]>(url, {
    name: 'get <xmlId>',
    description: 'Print the URL-signing keys of a delivery service (only to a terminal, or with --reveal)',
    examples: ['cdnctl keys url get ds1', 'cdnctl keys url get ds1 --reveal -o json > keys.json'],
    api: { min: '1.1' },
    configure: (c) => c.option(REVEAL, revealHelp),
    run: async (inv, [xmlId]: [string], flags) => {
      requireReveal(flags, 'URL-signing keys');
      const result = await getUrlKeys(await inv.client(), xmlId);
      const rows = Object.entries(result.response).sort(([a], [b]) => Number(a.slice(3)) - Number(b.slice(3)));
      return tableOutput(
        result.response,
        rows,
        [
          { header: 'NAME', value: (r) => r[0] },
          { header: 'KEY', value: (r) => r[1] },
        ],
        `No URL-signing keys for ${xmlId}.`,
      );
    },
  });
  addVerb<DestructiveFlags & { from: string }, [string]>(url, {
    name: 'copy <xmlId>',
    description: 'Copy the URL-signing keys of another delivery service (--from) to this one, replacing its own',
    examples: ['cdnctl keys url copy ds2 --from ds1', 'cdnctl keys url copy ds2 --from ds1 --yes   # off a terminal'],
    api: { min: '1.1' },
    configure: (c) =>
      destructiveOptions(c.requiredOption('--from <xmlId>', 'the delivery service whose keys are copied'), {
        dryRun: false,
      }),
    run: async (inv, [xmlId]: [string], flags) => {
      const description = `replace the URL-signing keys of ${xmlId} with those of ${flags.from}`;
      await confirmDestructive(inv.printer, { description }, flags);
      const result = await copyUrlKeys(await inv.client(), xmlId, flags.from);
      return writeOutput(inv, result, `Copied the URL-signing keys of ${flags.from} to ${xmlId}, replacing any it had`);
    },
  });
}

function readKeyset(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new CliError(`${file} is not valid JSON`);
  }
}

/** `cdnctl keys uri get|set <xmlId>`. */
export function registerUriKeys(uri: Command): void {
  addVerb<{ reveal?: boolean }, [string]>(uri, {
    name: 'get <xmlId>',
    description: 'Print the URI-signing key set of a delivery service as JSON (only to a terminal, or with --reveal)',
    examples: ['cdnctl keys uri get ds1', 'cdnctl keys uri get ds1 --reveal > keyset.json'],
    api: { min: '1.3' },
    configure: (c) => c.option(REVEAL, revealHelp),
    run: async (inv, [xmlId]: [string], flags) => {
      requireReveal(flags, 'URI-signing keys');
      const result = await getUriKeys(await inv.client(), xmlId);
      return messageOutput(result.body, JSON.stringify(result.body, null, 2));
    },
  });
  addVerb<{ file: string }, [string]>(uri, {
    name: 'set <xmlId>',
    description: 'Store a URI-signing key set (JSON: issuer → {renewal_kid, keys}) for a delivery service',
    examples: ['cdnctl keys uri set ds1 --file keyset.json'],
    api: { min: '1.3' },
    configure: (c) => c.requiredOption('--file <file>', 'the key set, JSON'),
    run: async (inv, [xmlId]: [string], flags) => {
      const keyset = readKeyset(flags.file);
      const result = await setUriKeys(await inv.client(), xmlId, keyset);
      const stored = result.body as unknown as UriSigningKeyset;
      const kids = Object.values(stored).flatMap((s) =>
        Array.isArray(s?.keys) ? s.keys.map((k) => String(k.kid)) : [],
      );
      return recordOutput({ xmlId, kids }, [
        ['stored', `URI-signing keys of ${xmlId}`],
        ['issuers', Object.keys(stored)],
        ['key ids', kids],
      ]);
    },
  });
}
