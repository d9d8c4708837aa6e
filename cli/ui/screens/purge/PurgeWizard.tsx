import { useState } from 'react';
import { Box, Text, useInput } from 'ink';
import type { DeliveryService, JobRequest, JobResult } from '../../types.js';
import { DeliveryServicePicker } from '../DeliveryServicePicker.js';
import { Screen } from '../../components/Screen.js';
import { Spinner } from '../../components/Spinner.js';
import { ErrorBox } from '../../components/ErrorBox.js';
import { Notice } from '../../components/Status.js';
import { useAction, useRequest } from '../../hooks/use-request.js';
import { formatTimestamp, parseTimestamp } from '../../../../shared/time.js';
import { DEFAULT_MAX_TTL_HOURS, purgeErrors, type PurgeValues } from '../../../../shared/rules/forms/purge.js';
import { PurgeDetails } from './PurgeDetails.js';
import { PurgeConfirm } from './PurgeConfirm.js';

export interface PurgeWizardProps {
  listDeliveryServices: () => Promise<DeliveryService[]>;
  maxTtlHours: () => Promise<number>;
  createJob: (body: JobRequest) => Promise<JobResult>;
  now: () => number;
  onBack: () => void;
  onQuit?: () => void;
  /** After a purge: show the jobs. */
  onShowJobs?: () => void;
  /** After a purge: follow the job to the caches (offered when given). */
  onWatch?: (jobId: number) => void;
  width?: number;
}

type Step = 'pick' | 'details' | 'confirm' | 'done';

const KEYS: Record<Step, { keys: string; does: string }[]> = {
  pick: [
    { keys: '↑↓ j/k', does: 'move' },
    { keys: 'Enter', does: 'choose' },
    { keys: '/', does: 'filter' },
    { keys: 'Esc', does: 'back' },
    { keys: 'q', does: 'quit' },
  ],
  details: [
    { keys: 'Enter', does: 'next field / review' },
    { keys: 'Tab ↑↓', does: 'move between fields' },
    { keys: 'Esc', does: 'choose another delivery service' },
  ],
  confirm: [
    { keys: 'Enter y', does: 'submit' },
    { keys: 'Esc n', does: 'edit' },
  ],
  done: [
    { keys: 'Enter', does: 'another purge' },
    { keys: 'j', does: 'your jobs' },
    { keys: 'Esc', does: 'back' },
  ],
};

const EMPTY: PurgeValues = { regex: '', ttl: '24', startTime: '' };

/** The wizard's state and its steps' actions: choose a delivery service, review, submit, start again. */
function usePurgeWizard(props: PurgeWizardProps) {
  const limit = useRequest(props.maxTtlHours);
  const maxTtl = limit.data ?? DEFAULT_MAX_TTL_HOURS;
  const [step, setStep] = useState<Step>('pick');
  const [ds, setDs] = useState<DeliveryService | null>(null);
  const [values, setValues] = useState<PurgeValues>(EMPTY);
  const [result, setResult] = useState<JobResult | null>(null);
  const send = useAction();

  const choose = (picked: DeliveryService) => {
    setDs(picked);
    setValues((v) => ({ ...v, startTime: formatTimestamp(props.now()) }));
    setStep('details');
  };
  const review = () => {
    const errors = purgeErrors(values, maxTtl, props.now());
    if (!Object.values(errors).some(Boolean)) setStep('confirm');
  };
  const submit = async () => {
    if (!ds) return;
    const startMs = parseTimestamp(values.startTime) ?? props.now();
    const body: JobRequest = {
      dsId: Number(ds.id),
      regex: values.regex,
      ttl: Number(values.ttl.trim()),
      startTime: formatTimestamp(startMs),
    };
    const answer = await send.run(() => props.createJob(body));
    if (answer) {
      setResult(answer);
      setStep('done');
    }
  };
  const restart = () => {
    setResult(null);
    setValues(EMPTY);
    setStep('pick');
  };
  return { maxTtl, step, setStep, ds, values, setValues, result, send, choose, review, submit, restart };
}

/** Purge in four steps: pick a delivery service, describe the purge, confirm it, see the job that was created. */
export function PurgeWizard(props: PurgeWizardProps) {
  const { width = 80 } = props;
  const services = useRequest(props.listDeliveryServices);
  const [help, setHelp] = useState(false);
  const toggleHelp = () => setHelp((h) => !h);
  const w = usePurgeWizard(props);
  const { step, ds, result } = w;
  useDoneKeys(props, w, toggleHelp);

  const path = ['Purge', ...(ds && step !== 'pick' ? [ds.xmlId] : [])];
  return (
    <Screen
      path={path}
      bindings={KEYS[step]}
      showHelp={help}
      width={width}
      helpKey={step === 'pick' || step === 'done'}
    >
      {step === 'pick' && (
        <Box flexDirection="column">
          <Text>Choose the delivery service to purge:</Text>
          <DeliveryServicePicker
            services={services}
            width={width}
            onSelect={w.choose}
            onCancel={props.onBack}
            onKey={(input) => {
              if (input === 'q') props.onQuit?.();
              if (input === '?') toggleHelp();
            }}
          />
        </Box>
      )}
      {step === 'details' && ds && (
        <PurgeDetails
          ds={ds}
          values={w.values}
          maxTtl={w.maxTtl}
          now={props.now()}
          onChange={w.setValues}
          onSubmit={w.review}
          onCancel={() => w.setStep('pick')}
        />
      )}
      {step === 'confirm' && ds && <ConfirmStep wizard={w} ds={ds} />}
      {step === 'done' && result && <PurgeDone result={result} />}
      {step === 'done' && result?.job && props.onWatch && (
        <Text>{'w: watch it reach the caches (MID tier, then EDGE tier)'}</Text>
      )}
    </Screen>
  );
}

/** The keys of the last step: another purge, the jobs, watching the job, back. */
function useDoneKeys(props: PurgeWizardProps, w: ReturnType<typeof usePurgeWizard>, toggleHelp: () => void) {
  useInput(
    (input, key) => {
      if (input === '?') toggleHelp();
      else if (key.escape) props.onBack();
      else if (key.return) w.restart();
      else if (input === 'j') props.onShowJobs?.();
      else if (input === 'w' && w.result?.job && props.onWatch) props.onWatch(Number(w.result.job.id));
    },
    { isActive: w.step === 'done' },
  );
}

/** The summary to confirm, then the submission's progress or the server's refusal. */
function ConfirmStep({ wizard: w, ds }: { wizard: ReturnType<typeof usePurgeWizard>; ds: DeliveryService }) {
  return (
    <Box flexDirection="column">
      <PurgeConfirm
        ds={ds}
        values={w.values}
        isActive={!w.send.pending}
        onConfirm={() => void w.submit()}
        onCancel={() => {
          w.send.clearError();
          w.setStep('details');
        }}
      />
      {w.send.pending && <Spinner label="Submitting the purge…" />}
      {w.send.error && <ErrorBox message={w.send.error} title="The server refused the purge" hint="Esc to edit it" />}
    </Box>
  );
}

function PurgeDone({ result }: { result: JobResult }) {
  return (
    <Box flexDirection="column">
      {result.job ? <Text bold>{`Purge submitted: job ${result.job.id}`}</Text> : <Text bold>Purge submitted.</Text>}
      {result.job && <Text>{result.job.assetUrl}</Text>}
      <Box flexDirection="column" marginTop={1}>
        {result.alerts.map((alert, i) => (
          <Notice key={i} text={alert.text} level={alert.level} />
        ))}
      </Box>
    </Box>
  );
}
