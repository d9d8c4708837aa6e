import type { Command } from 'commander';
import { resetPassword } from '../../shared/client/session.js';
import { messageOutput } from '../output/format.js';
import { addVerb } from './common/verb.js';

/** `cdnctl reset-password --email ADDRESS`: no session needed. */
export function registerResetPassword(program: Command): void {
  addVerb<{ email: string }>(program, {
    name: 'reset-password',
    description: 'Send a password-reset mail with a one-time token (log in with: cdnctl login --token TOKEN)',
    examples: ['cdnctl reset-password --email jdoe@example.net'],
    api: { min: '1.1', preferred: '1.2' },
    configure: (c) => c.requiredOption('--email <address>', 'the e-mail address of the account'),
    run: async (inv, _args, flags) => {
      const alerts = await resetPassword(await inv.client({ auth: false }), flags.email);
      inv.printer.alerts(alerts);
      return messageOutput({ alerts }, '');
    },
  });
}
