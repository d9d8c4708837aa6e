import type { Command } from 'commander';

/** A command as completion sees it: its name, what it does, its flags and its subcommands. */
export interface CommandNode {
  name: string;
  description: string;
  /** Long and short flags; `takesValue` flags expect an argument. */
  options: Array<{ long?: string; short?: string; takesValue: boolean; description: string }>;
  children: CommandNode[];
}

/** The tree of a commander program. */
export function commandTree(command: Command): CommandNode {
  return {
    name: command.name(),
    description: command.description().split('\n')[0],
    options: command.options.map((o) => ({
      long: o.long,
      short: o.short,
      takesValue: o.required || o.optional,
      description: o.description,
    })),
    children: command.commands.filter((c) => !c.name().startsWith('__')).map(commandTree),
  };
}

/** Every command path below the root (`''`, `origins`, `origins list`...), with its node. */
function paths(root: CommandNode): Array<[string, CommandNode]> {
  const out: Array<[string, CommandNode]> = [];
  const walk = (node: CommandNode, path: string) => {
    out.push([path, node]);
    for (const child of node.children) walk(child, path ? `${path} ${child.name}` : child.name);
  };
  walk(root, '');
  return out;
}

const flagsOf = (node: CommandNode, globals: CommandNode['options']) =>
  [...node.options, ...globals].flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f)));

/** Bash: completes subcommands by the path typed so far, and the flags of that command plus the global ones. */
export function bashScript(root: CommandNode): string {
  const all = paths(root);
  const globals = root.options;
  const children = all.map(([path, node]) => `    "${path}") echo "${node.children.map((c) => c.name).join(' ')}" ;;`);
  const options = all.map(
    ([path, node]) =>
      `    "${path}") echo "${[...new Set([...flagsOf(node, path ? globals : []), '--help'])].join(' ')}" ;;`,
  );
  return `# ${root.name} bash completion: source <(${root.name} completion bash)
_${root.name}_children() {
  case "$1" in
${children.join('\n')}
  esac
}
_${root.name}_options() {
  case "$1" in
${options.join('\n')}
  esac
}
_${root.name}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" word i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    case " $(_${root.name}_children "$path") " in
      *" $word "*) path="\${path:+$path }$word" ;;
    esac
  done
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(_${root.name}_options "$path")" -- "$cur"))
  else
    local words prev="\${COMP_WORDS[COMP_CWORD-1]}"
    words="$(_${root.name}_children "$path")"
    # Past the last subcommand (or after --ds, --host...): names the server knows (delivery services, hosts, jobs).
    if [[ -z "$words" || "$prev" == --* ]]; then
      words="$words $(${root.name} __complete -- "$path" "$prev" 2>/dev/null)"
    fi
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
  fi
}
complete -F _${root.name} ${root.name}
`;
}

/** Zsh: the bash completion through zsh's bashcompinit. */
export function zshScript(root: CommandNode): string {
  return `#compdef ${root.name}
# ${root.name} zsh completion: source <(${root.name} completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bashScript(root).split('\n').slice(1).join('\n')}`;
}

const fishQuote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Fish: subcommands with their descriptions, and each command's flags. */
export function fishScript(root: CommandNode): string {
  const all = paths(root);
  const name = root.name;
  const lines = [
    `# ${name} fish completion: ${name} completion fish > ~/.config/fish/completions/${name}.fish`,
    `function __${name}_children`,
    '    switch "$argv"',
    ...all.flatMap(([path, node]) => [
      `        case ${fishQuote(path)}`,
      `            printf '%s\\n' ${node.children.map((c) => c.name).join(' ') || "''"}`,
    ]),
    '    end',
    'end',
    `function __${name}_path`,
    '    set -l path',
    '    for word in (commandline -opc)[2..-1]',
    `        if contains -- $word (__${name}_children $path)`,
    '            set path $path $word',
    '        end',
    '    end',
    '    echo "$path"',
    'end',
    `function __${name}_at`,
    `    set -l path (__${name}_path)`,
    '    test "$path" = "$argv"',
    'end',
    `complete -c ${name} -f`,
    // Names the server knows (delivery services, hosts, job ids) for a verb's argument or a --ds/--host value.
    `complete -c ${name} -a '(${name} __complete -- (__${name}_path) (commandline -opc)[-1] 2>/dev/null)'`,
  ];
  for (const [path, node] of all) {
    const at = `__${name}_at ${path}`.trim();
    for (const child of node.children)
      lines.push(`complete -c ${name} -n ${fishQuote(at)} -a ${child.name} -d ${fishQuote(child.description)}`);
    for (const o of [...node.options, ...(path ? root.options : [])]) {
      const flags = [o.long ? `-l ${o.long.replace(/^--/, '')}` : '', o.short ? `-s ${o.short.replace(/^-/, '')}` : '']
        .filter(Boolean)
        .join(' ');
      lines.push(
        `complete -c ${name} -n ${fishQuote(at)} ${flags}${o.takesValue ? ' -r' : ''} -d ${fishQuote(o.description)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
