import { Argument, type Command } from 'commander';
import { bashScript, commandTree, fishScript, zshScript } from './common/completion-script.js';
import { addVerb } from './common/verb.js';

const SCRIPTS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

/** `cdnctl completion bash|zsh|fish`: prints a completion script for the whole command tree. */
export function registerCompletion(program: Command): void {
  const completion = addVerb(program, {
    name: 'completion',
    description: 'Print a shell completion script (bash, zsh or fish)',
    examples: [
      'source <(cdnctl completion bash)            # add to ~/.bashrc',
      'source <(cdnctl completion zsh)             # add to ~/.zshrc',
      'cdnctl completion fish > ~/.config/fish/completions/cdnctl.fish',
    ],
    run: async (_inv, [shell]: [keyof typeof SCRIPTS]) => {
      const script = SCRIPTS[shell](commandTree(program));
      // The script is the result whatever -o says: it is meant for a shell, not a parser.
      process.stdout.write(script);
    },
  });
  completion.addArgument(new Argument('<shell>', 'the shell').choices(Object.keys(SCRIPTS)));
}
