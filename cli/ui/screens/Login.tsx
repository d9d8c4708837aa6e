import { useEffect, useState } from 'react';
import { Box, Text } from 'ink';
import type { LoginAction } from '../actions.js';
import { Form } from '../components/Form.js';
import { Screen } from '../components/Screen.js';
import { Spinner } from '../components/Spinner.js';
import { useAction } from '../hooks/use-request.js';
import { theme } from '../theme.js';

export interface LoginProps {
  server: string;
  initialUsername?: string;
  onLogin: LoginAction;
  /** After a successful login, with the username used. */
  onDone: (username: string) => void;
  onCancel: () => void;
}

const KEYS = [
  { keys: 'Enter', does: 'next field / log in' },
  { keys: 'Tab ↑↓', does: 'move between fields' },
  { keys: 'Esc', does: 'cancel' },
];

/** Username and masked password; a refused login shows the server's message in place and clears the password. */
export function Login({ server, initialUsername = '', onLogin, onDone, onCancel }: LoginProps) {
  const [values, setValues] = useState({ username: initialUsername, password: '' });
  // A fresh form after each refusal: the cursor back on the password, no "cannot be blank" for the cleared field.
  const [refusals, setRefusals] = useState(0);
  const [accepted, setAccepted] = useState<string | null>(null);
  // onDone after the accepted frame has rendered, so a caller that closes the screen leaves that frame behind.
  useEffect(() => {
    if (accepted !== null) onDone(accepted);
  }, [accepted]);
  const action = useAction();
  const errors = {
    username: values.username.trim() === '' ? 'cannot be blank' : undefined,
    password: values.password === '' ? 'cannot be blank' : undefined,
  };
  const submit = async () => {
    const username = values.username.trim();
    const ok = await action.run(async () => {
      await onLogin(username, values.password);
      return true;
    });
    if (ok) setAccepted(username);
    else {
      setValues((v) => ({ ...v, password: '' }));
      setRefusals((n) => n + 1);
    }
  };
  return (
    <Screen path={['Log in']} bindings={KEYS} helpKey={false}>
      <Text>
        {'Log in to '}
        <Text bold>{server}</Text>
      </Text>
      <Box marginTop={1} flexDirection="column">
        <Form
          key={refusals}
          fields={[
            { name: 'username', label: 'Username' },
            { name: 'password', label: 'Password', mask: true },
          ]}
          values={values}
          errors={errors}
          isActive={!action.pending && accepted === null}
          submitLabel="log in"
          initialFocus={initialUsername || refusals > 0 ? 1 : 0}
          onChange={(name, value) => {
            action.clearError();
            setValues((v) => ({ ...v, [name]: value }));
          }}
          onSubmit={() => void submit()}
          onCancel={onCancel}
        />
      </Box>
      {action.pending && <Spinner label="Logging in…" />}
      {accepted !== null && <Text color={theme.success}>{`✓ Logged in as ${accepted}`}</Text>}
      {action.error && <Text color={theme.error}>{`✗ ${action.error}`}</Text>}
    </Screen>
  );
}
