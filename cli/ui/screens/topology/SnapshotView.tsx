import { useState } from 'react';
import { Box, Text, useInput } from 'ink';
import type { SectionDiff, SnapshotDiff } from '../../../../shared/contract/crconfig.js';
import { Spinner } from '../../components/Spinner.js';
import { ErrorBox } from '../../components/ErrorBox.js';
import { Confirm } from '../../components/Confirm.js';
import { Notice } from '../../components/Status.js';
import { useAction, useRequest } from '../../hooks/use-request.js';
import { theme } from '../../theme.js';
import type { RecordExtra } from './RecordScreen.js';

/** The requests of a CDN's snapshot view (issue 35): the diff of pending against published, and the publish. */
export interface SnapshotActions {
  diff(cdn: string): Promise<SnapshotDiff>;
  publish(cdn: string): Promise<unknown>;
}

interface DiffLine {
  key: string;
  text: string;
  color?: string;
  bold?: boolean;
}

function sectionLines(part: string, name: string, d: SectionDiff): DiffLine[] {
  if (d.added.length + d.removed.length + d.changed.length === 0) return [];
  const row = (kind: string, mark: string, color: string) => (k: string) => ({
    key: `${part}.${name}.${kind}.${k}`,
    text: `    ${mark} ${k}`,
    color,
  });
  return [
    { key: `${part}.${name}`, text: `  ${name}`, bold: true },
    ...d.added.map(row('added', '+', theme.success)),
    ...d.removed.map(row('removed', '-', theme.error)),
    ...d.changed.map(row('changed', '~', theme.warning)),
  ];
}

function partLines(part: string, title: string, sections: Record<string, SectionDiff>): DiffLine[] {
  const lines = Object.entries(sections).flatMap(([name, d]) => sectionLines(part, name, d));
  return lines.length ? [{ key: part, text: title, bold: true }, ...lines] : [];
}

/** The diff as lines: + added, - removed, ~ changed, per section of the CRConfig and the monitoring config. */
export function diffLines(diff: SnapshotDiff): DiffLine[] {
  const head = { key: 'head', text: diff.published ? `Published ${diff.published}` : 'Never published' };
  if (!diff.pending) return [head, { key: 'none', text: 'No differences: the published configuration is current.' }];
  return [
    head,
    ...partLines('crconfig', 'CRConfig (Traffic Router)', diff.crconfig),
    ...partLines('monitoring', 'Monitoring configuration (Traffic Monitor)', diff.monitoring),
  ];
}

export const SNAPSHOT_KEYS = [
  { keys: 'p', does: 'publish (asks for the name)' },
  { keys: 'r', does: 'reload' },
  { keys: 'Esc', does: 'back' },
];

/** A CDN's snapshot: the diff, and (for operations) `p` to publish once the CDN's name is typed. */
export function SnapshotView(props: { cdn: string; actions: SnapshotActions; canWrite: boolean; onBack: () => void }) {
  const { cdn, actions, canWrite } = props;
  const diff = useRequest(() => actions.diff(cdn));
  const publish = useAction();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  useInput(
    (input, key) => {
      if (key.escape) props.onBack();
      else if (input === 'r') diff.reload();
      else if (input === 'p' && canWrite && diff.data?.pending) setConfirming(true);
    },
    { isActive: !confirming },
  );
  const confirm = async () => {
    setConfirming(false);
    if ((await publish.run(() => actions.publish(cdn))) !== undefined) {
      setNotice(`Published the configuration of ${cdn}.`);
      diff.reload();
    }
  };
  return (
    <Box flexDirection="column">
      {notice && <Notice text={notice} level="success" />}
      {confirming && (
        <Confirm
          prompt={`Publish CDN ${cdn}? Routers and monitors read the new configuration at once.`}
          expected={cdn}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        />
      )}
      {publish.pending && <Spinner label="Publishing…" />}
      {publish.error && <ErrorBox message={publish.error} title="The server refused the publish" />}
      {diff.loading && !diff.data && <Spinner label="Loading the diff…" />}
      {diff.error && <ErrorBox message={diff.error} title="Could not load the diff" hint="r to try again" />}
      {diff.data &&
        diffLines(diff.data).map((l) => (
          <Text key={l.key} color={l.color} bold={l.bold}>
            {l.text}
          </Text>
        ))}
    </Box>
  );
}

/** The CDN screen's snapshot view, opened with `s` from a CDN's detail. */
export function snapshotExtra(actions: SnapshotActions, canWrite: boolean): RecordExtra<{ name: string }> {
  return {
    key: 's',
    does: 'snapshot diff and publish',
    label: 'snapshot',
    bindings: canWrite ? SNAPSHOT_KEYS : SNAPSHOT_KEYS.filter((b) => b.keys !== 'p'),
    render: (cdn, back) => <SnapshotView cdn={cdn.name} actions={actions} canWrite={canWrite} onBack={back} />,
  };
}
