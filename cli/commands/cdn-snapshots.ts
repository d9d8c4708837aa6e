import type { Command } from 'commander';
import { EXIT } from '../errors.js';
import { colorAllowed, paintFor, type Paint } from '../output/colors.js';
import { messageOutput, recordOutput } from '../output/format.js';
import { getPendingSnapshot, getSnapshot, getSnapshotDiff, publishSnapshot } from '../../shared/client/crconfig.js';
import { confirmDestructive, destructiveOptions, type DestructiveFlags } from './common/confirm.js';
import type { Invocation } from './common/invocation.js';
import { addVerb, type VerbSpec } from './common/verb.js';
import { diffText, snapshotFields } from './cdn-snapshot-text.js';

const API = { min: '1.1' } as const;

/** Colors for stdout, as the printer decides them (a terminal, no NO_COLOR, no --no-color). */
const stdoutPaint = (inv: Invocation): Promise<Paint> =>
  paintFor(
    colorAllowed({ colorFlag: inv.globals.color !== false, env: inv.env, isTTY: process.stdout.isTTY === true }),
  );

const snapshotVerb: VerbSpec<{ pending?: boolean }, [string]> = {
  name: 'snapshot <cdn>',
  description: 'Show the CRConfig routers read: as published, or with --pending as a publish would store it now',
  examples: ['cdnctl cdns snapshot cdn1', 'cdnctl cdns snapshot cdn1 -o json', 'cdnctl cdns snapshot cdn1 --pending'],
  api: API,
  configure: (c) => c.option('--pending', 'the CRConfig built from the current data (not published)'),
  run: async (inv, [cdn], flags) => {
    const http = await inv.client();
    const { response } = await (flags.pending ? getPendingSnapshot(http, cdn) : getSnapshot(http, cdn));
    return recordOutput(response, snapshotFields(response));
  },
};

const diffVerb: VerbSpec<{ exitCode?: boolean }, [string]> = {
  name: 'diff <cdn>',
  description: 'Show what publishing would change for routers and monitors: + added, - removed, ~ changed, per section',
  examples: ['cdnctl cdns diff cdn1', 'cdnctl cdns diff cdn1 -o json', 'cdnctl cdns diff cdn1 --exit-code'],
  api: API,
  configure: (c) => c.option('--exit-code', 'exit 1 when changes are pending, 0 when none (as git diff does)'),
  run: async (inv, [cdn], flags) => {
    const { response } = await getSnapshotDiff(await inv.client(), cdn);
    if (flags.exitCode && response.pending) process.exitCode = EXIT.ERROR;
    return messageOutput(response, diffText(response, await stdoutPaint(inv)));
  },
};

const publishVerb: VerbSpec<DestructiveFlags, [string]> = {
  name: 'publish <cdn>',
  description:
    "Publish a CDN's CRConfig and monitoring configuration (operations role): shows the diff, then asks; --yes off a terminal",
  examples: ['cdnctl cdns publish cdn1', 'cdnctl cdns publish cdn1 --dry-run', 'cdnctl cdns publish cdn1 --yes'],
  api: API,
  configure: (c) => destructiveOptions(c),
  run: async (inv, [cdn], flags) => {
    const http = await inv.client();
    const diff = (await getSnapshotDiff(http, cdn)).response;
    if (!inv.printer.structured) await inv.printer.print(messageOutput(null, diffText(diff, await stdoutPaint(inv))));
    if (!diff.pending) return messageOutput({ published: false, diff }, 'Nothing to publish.');
    if (flags.dryRun) {
      inv.printer.note('dry run: nothing was changed');
      return messageOutput({ dryRun: true, diff }, `Would publish ${cdn}`);
    }
    await confirmDestructive(inv.printer, { description: `publish the configuration of ${cdn}` }, flags);
    await publishSnapshot(http, cdn);
    return messageOutput({ published: true, diff }, `Published the configuration of ${cdn}`);
  },
};

/** `cdnctl cdns snapshot|diff|publish <cdn>` (issue 35). */
export function registerCdnSnapshots(cdns: Command): void {
  for (const verb of [snapshotVerb, diffVerb, publishVerb]) addVerb(cdns, verb as unknown as VerbSpec<object>);
}
