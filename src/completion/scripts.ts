// Shell completion scripts generated from the command tree. Every shell gets the same
// small data tables (per command path: subcommands, options, options that take a value,
// choices of positional args; descents by name or alias; choices of option values) and
// the same walk over the words typed so far, written in that shell's language.
import { allNodes, globalFlags, type Flag, type Node } from './tree.js';

export const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;
export type Shell = (typeof SHELLS)[number];

const key = (n: Node) => n.path.join(' ');
const names = (flags: Flag[]) => flags.flatMap((f) => f.names);
const valueNames = (flags: Flag[]) => names(flags.filter((f) => f.value));
const argChoices = (n: Node) => n.args.map((a) => (a.choices ?? []).join(' '));
const variadic = (n: Node) => Boolean(n.args.at(-1)?.variadic);
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** [from path, word, to path] for every subcommand name and alias. */
function descents(nodes: Node[]): [string, string, string][] {
  return nodes.flatMap((n) => n.subs.flatMap((s) => [s.spec.name, ...(s.spec.aliases ?? [])].map((w): [string, string, string] => [key(n), w, key(s)])));
}

/** [path or undefined for global, option spelling, choices] for options with choices. */
function valueChoices(nodes: Node[]): [string | undefined, string, readonly string[]][] {
  const own = nodes.flatMap((n) => n.options.filter((f) => f.value && f.spec.choices).flatMap((f) => f.names.map((o): [string, string, readonly string[]] => [key(n), o, f.spec.choices!])));
  const global = globalFlags()
    .filter((f) => f.value && f.spec.choices)
    .flatMap((f) => f.names.map((o): [undefined, string, readonly string[]] => [undefined, o, f.spec.choices!]));
  return [...own, ...global];
}

const HEADER = (comment: string, shell: string, install: string) =>
  `${comment} ${shell} completion for chatcrm. Generated from the command tree by \`npm run gen\`: do not edit.\n${comment} ${install}\n`;

// ---- bash (3.2+: no associative arrays) ----
const bq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function bash(root: Node): string {
  const nodes = allNodes(root);
  const g = globalFlags();
  const nodeCases = nodes.map((n) => {
    const parts = [`subs=${bq(n.subs.map((s) => s.spec.name).join(' '))}`, `opts=${bq(names(n.options).join(' '))}`, `vopts=${bq(valueNames(n.options).join(' '))}`];
    if (n.args.length) parts.push(`args=(${argChoices(n).map(bq).join(' ')})`);
    if (variadic(n)) parts.push('argsv=1');
    return `    ${bq(key(n))}) ${parts.join('; ')} ;;`;
  });
  const nextCases = descents(nodes).map(([from, w, to]) => `    ${bq(`${from}|${w}`)}) next=${bq(to)} ;;`);
  const valueCases = valueChoices(nodes).map(([p, o, c]) => `    ${p === undefined ? `*${bq(`|${o}`)}` : bq(`${p}|${o}`)}) values=${bq(c.join(' '))} ;;`);
  return `${HEADER('#', 'bash', 'Load it with: source <(chatcrm completion bash), or copy it to /etc/bash_completion.d/chatcrm')}
_chatcrm_gopts=${bq(names(g).join(' '))}
_chatcrm_gvopts=${bq(valueNames(g).join(' '))}

_chatcrm_node() {
  subs='' opts='' vopts='' argsv=0
  args=()
  case "$1" in
${nodeCases.join('\n')}
  esac
}

_chatcrm_next() {
  case "$1|$2" in
${nextCases.join('\n')}
    *) next='' ;;
  esac
}

_chatcrm_values() {
  case "$1|$2" in
${valueCases.join('\n')}
    *) values='' ;;
  esac
}

_chatcrm() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" cmdpath='' next='' subs opts vopts values w valopt=''
  local i pos=0 skip=0 ddash=0 argsv=0
  local -a args
  _chatcrm_node ''
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    if ((skip)); then skip=$((skip - 1)); continue; fi
    if ((!ddash)); then
      if [[ $w == -- ]]; then ddash=1; continue; fi
      if [[ $w == -?* ]]; then
        if [[ $w != *=* && " $vopts $_chatcrm_gvopts " == *" $w "* ]]; then
          valopt=$w skip=1
          # COMP_WORDBREAKS splits --opt=value into three words.
          [[ \${COMP_WORDS[i+1]} == = ]] && skip=2
        fi
        continue
      fi
    fi
    _chatcrm_next "$cmdpath" "$w"
    if [[ -n $next ]] && ((pos == 0 && !ddash)); then
      cmdpath=$next
      _chatcrm_node "$cmdpath"
    else
      pos=$((pos + 1))
    fi
  done
  if ((skip)); then
    _chatcrm_values "$cmdpath" "$valopt"
    COMPREPLY=($(compgen -W "$values" -- "$cur"))
    return 0
  fi
  if [[ $cur == -* ]] && ((!ddash)); then
    COMPREPLY=($(compgen -W "$opts $_chatcrm_gopts" -- "$cur"))
    return 0
  fi
  if [[ -n $subs ]] && ((pos == 0)); then
    COMPREPLY=($(compgen -W "$subs" -- "$cur"))
    return 0
  fi
  if ((pos >= \${#args[@]})); then
    ((argsv && \${#args[@]})) || return 0
    pos=$((\${#args[@]} - 1))
  fi
  COMPREPLY=($(compgen -W "\${args[pos]}" -- "$cur"))
}

complete -o default -F _chatcrm chatcrm
`;
}

// ---- zsh ----
const zq = bq;
const described = (items: [string, string][]) => items.map(([n, d]) => zq(`${n.replace(/:/g, '\\:')}:${oneLine(d)}`)).join(' ');
const flagItems = (flags: Flag[]): [string, string][] => flags.flatMap((f) => f.names.map((n): [string, string] => [n, f.spec.description]));

function zsh(root: Node): string {
  const nodes = allNodes(root);
  const g = globalFlags();
  const nodeCases = nodes.map((n) => {
    const parts = [
      `subs=(${described(n.subs.map((s) => [s.spec.name, s.spec.summary]))})`,
      `opts=(${described(flagItems(n.options))})`,
      `vopts=(${valueNames(n.options).map(zq).join(' ')})`,
    ];
    if (n.args.length) parts.push(`args=(${argChoices(n).map(zq).join(' ')})`);
    if (variadic(n)) parts.push('argsv=1');
    return `    (${zq(key(n))})\n      ${parts.join('\n      ')}\n      ;;`;
  });
  const nextCases = descents(nodes).map(([from, w, to]) => `    (${zq(`${from}|${w}`)}) next=${zq(to)} ;;`);
  const valueCases = valueChoices(nodes).map(([p, o, c]) => `    (${p === undefined ? `*${zq(`|${o}`)}` : zq(`${p}|${o}`)}) values=(${c.map(zq).join(' ')}) ;;`);
  return `#compdef chatcrm
${HEADER('#', 'zsh', 'Install: chatcrm completion zsh > "${fpath[1]}/_chatcrm" (or: source <(chatcrm completion zsh))')}
_chatcrm_node() {
  subs=()
  opts=()
  vopts=()
  args=()
  argsv=0
  case $1 in
${nodeCases.join('\n')}
  esac
}

_chatcrm_next() {
  case "$1|$2" in
${nextCases.join('\n')}
    (*) next='' ;;
  esac
}

_chatcrm_values() {
  case "$1|$2" in
${valueCases.join('\n')}
    (*) values=() ;;
  esac
}

_chatcrm() {
  local -a subs opts vopts args values gopts gvopts
  local cmdpath='' next='' w valopt='' cur=\${words[CURRENT]}
  integer i pos=0 skip=0 ddash=0 argsv=0
  gopts=(${described(flagItems(g))})
  gvopts=(${valueNames(g).map(zq).join(' ')})
  _chatcrm_node ''
  for (( i = 2; i < CURRENT; i++ )); do
    w=\${words[i]}
    if (( skip )); then skip=$(( skip - 1 )); continue; fi
    if (( ! ddash )); then
      if [[ $w == -- ]]; then ddash=1; continue; fi
      if [[ $w == -?* ]]; then
        if [[ $w != *=* ]] && (( \${vopts[(Ie)$w]} + \${gvopts[(Ie)$w]} )); then valopt=$w; skip=1; fi
        continue
      fi
    fi
    _chatcrm_next "$cmdpath" "$w"
    if [[ -n $next ]] && (( pos == 0 && ! ddash )); then
      cmdpath=$next
      _chatcrm_node "$cmdpath"
    else
      pos=$(( pos + 1 ))
    fi
  done
  if (( skip )); then
    _chatcrm_values "$cmdpath" "$valopt"
    if (( \${#values} )); then compadd -a values; else _files; fi
    return
  fi
  if [[ $cur == -*=* ]] && (( ! ddash )); then
    _chatcrm_values "$cmdpath" "\${cur%%=*}"
    compset -P '*='
    if (( \${#values} )); then compadd -a values; else _files; fi
    return
  fi
  if [[ $cur == -* ]] && (( ! ddash )); then
    _describe -t options option opts -- gopts
    return
  fi
  if (( \${#subs} && pos == 0 )); then
    _describe -t commands command subs
    return
  fi
  if (( pos >= \${#args} )); then
    (( argsv && \${#args} )) || { _files; return; }
    pos=$(( \${#args} - 1 ))
  fi
  if [[ -n \${args[pos + 1]} ]]; then compadd -- \${=args[pos + 1]}; else _files; fi
}

if [[ \${funcstack[1]} == _chatcrm ]]; then _chatcrm "$@"; else compdef _chatcrm chatcrm; fi
`;
}

// ---- fish ----
const fq = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function fishOption(f: Flag, condition: string | undefined): string {
  const parts = ['complete -c chatcrm'];
  if (condition) parts.push(`-n ${fq(condition)}`);
  for (const n of f.names) parts.push(n.startsWith('--') ? `-l ${fq(n.slice(2))}` : `-s ${fq(n.slice(1))}`);
  if (f.value) parts.push(f.spec.choices ? `-x -a ${fq(f.spec.choices.join(' '))}` : '-r');
  parts.push(`-d ${fq(oneLine(f.spec.description))}`);
  return parts.join(' ');
}

function fish(root: Node): string {
  const nodes = allNodes(root);
  const g = globalFlags();
  const voptCases = nodes.map((n) => `        case ${fq(key(n))}\n            string split ' ' -- ${fq([...valueNames(n.options), ...valueNames(g)].join(' '))}`);
  const nextCases = descents(nodes).map(([from, w, to]) => `        case ${fq(`${from}|${w}`)}\n            echo ${fq(to)}`);
  const lines: string[] = [];
  for (const f of g) lines.push(fishOption(f, undefined));
  for (const n of nodes) {
    const at = `__chatcrm_at ${fq(key(n))}`;
    for (const s of n.subs) lines.push(`complete -c chatcrm -n ${fq(`${at} 0`)} -f -a ${fq(s.spec.name)} -d ${fq(oneLine(s.spec.summary))}`);
    for (const f of n.options) lines.push(fishOption(f, at));
    n.args.forEach((a, i) => {
      if (!a.choices?.length) return;
      const pos = a.variadic ? `${i}+` : String(i);
      lines.push(`complete -c chatcrm -n ${fq(`${at} ${pos}`)} -f -a ${fq(a.choices.join(' '))}`);
    });
  }
  return `${HEADER('#', 'fish', 'Install: chatcrm completion fish > ~/.config/fish/completions/chatcrm.fish')}
function __chatcrm_vopts --argument-names cmdpath
    switch $cmdpath
${voptCases.join('\n')}
    end
end

function __chatcrm_next --argument-names cmdpath word
    switch "$cmdpath|$word"
${nextCases.join('\n')}
    end
end

# True when the words typed so far lead to command path WANT (and, given POS, exactly POS
# positional args, or at least N with "N+", and the cursor is not on an option's value).
function __chatcrm_at --argument-names want wantpos
    set -l tokens (commandline -opc)
    set -l cmdpath ''
    set -l pos 0
    set -l skip 0
    set -l ddash 0
    set -l vopts (__chatcrm_vopts '')
    for w in $tokens[2..-1]
        if test $skip -eq 1
            set skip 0
            continue
        end
        if test $ddash -eq 0
            if test "$w" = --
                set ddash 1
                continue
            end
            if string match -q -- '-?*' $w
                if not string match -q -- '*=*' $w; and contains -- $w $vopts
                    set skip 1
                end
                continue
            end
        end
        set -l next (__chatcrm_next $cmdpath $w)
        if test -n "$next" -a $pos -eq 0 -a $ddash -eq 0
            set cmdpath $next
            set vopts (__chatcrm_vopts $cmdpath)
        else
            set pos (math $pos + 1)
        end
    end
    test "$cmdpath" = "$want"; or return 1
    test -z "$wantpos"; and return 0
    test $skip -eq 0; or return 1
    if string match -q -- '*+' $wantpos
        test $pos -ge (string trim -r -c + -- $wantpos)
    else
        test $pos -eq $wantpos
    end
end

${lines.join('\n')}
`;
}

// ---- PowerShell ----
const pq = (s: string) => `'${s.replace(/'/g, "''")}'`;
const psItems = (items: [string, string][]) => `@(${items.map(([n, d]) => `@{ n = ${pq(n)}; d = ${pq(oneLine(d) || n)} }`).join(', ')})`;

function powershell(root: Node): string {
  const nodes = allNodes(root);
  const g = globalFlags();
  const nodeEntries = nodes.map(
    (n) => `    $nodes[${pq(key(n))}] = @{
        subs = ${psItems(n.subs.map((s) => [s.spec.name, s.spec.summary]))}
        opts = ${psItems(flagItems(n.options))}
        vopts = @(${valueNames(n.options).map(pq).join(', ')})
        argv = @(${argChoices(n).map(pq).join(', ')})
        variadic = $${variadic(n)}
    }`,
  );
  const nextEntries = descents(nodes).map(([from, w, to]) => `    $next[${pq(`${from}|${w}`)}] = ${pq(to)}`);
  const valueEntries = valueChoices(nodes).map(([p, o, c]) => `    $values[${pq(`${p ?? '*'}|${o}`)}] = ${pq(c.join(' '))}`);
  return `${HEADER('#', 'PowerShell', 'Load it with: chatcrm completion powershell | Out-String | Invoke-Expression (e.g. in $PROFILE)')}
Register-ArgumentCompleter -Native -CommandName chatcrm -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    # Case-sensitive tables: -o and -O are different options.
    $nodes = [hashtable]::new([StringComparer]::Ordinal)
${nodeEntries.join('\n')}
    $next = [hashtable]::new([StringComparer]::Ordinal)
${nextEntries.join('\n')}
    $values = [hashtable]::new([StringComparer]::Ordinal)
${valueEntries.join('\n')}
    $gopts = ${psItems(flagItems(g))}
    $gvopts = @(${valueNames(g).map(pq).join(', ')})

    $words = @($commandAst.CommandElements | Where-Object { $_.Extent.EndOffset -lt $cursorPosition } | Select-Object -Skip 1 | ForEach-Object { $_.ToString() })
    $path = ''
    $node = $nodes['']
    $pos = 0
    $skip = 0
    $ddash = $false
    $valopt = ''
    foreach ($w in $words) {
        if ($skip) { $skip--; continue }
        if (-not $ddash) {
            if ($w -eq '--') { $ddash = $true; continue }
            if ($w -like '-?*') {
                if ($w -notlike '*=*' -and ($node.vopts -ccontains $w -or $gvopts -ccontains $w)) { $valopt = $w; $skip = 1 }
                continue
            }
        }
        $to = $next["$path|$w"]
        if ($to -and $pos -eq 0 -and -not $ddash) { $path = $to; $node = $nodes[$path] } else { $pos++ }
    }

    $emit = {
        param($items)
        foreach ($i in $items) {
            if ($i.n.StartsWith($wordToComplete, [StringComparison]::Ordinal)) {
                [System.Management.Automation.CompletionResult]::new($i.n, $i.n, 'ParameterValue', $i.d)
            }
        }
    }
    $split = { param($list) @($list -split ' ' | Where-Object { $_ } | ForEach-Object { @{ n = $_; d = $_ } }) }
    if ($skip) {
        $list = $values["$path|$valopt"]
        if (-not $list) { $list = $values["*|$valopt"] }
        if ($list) { & $emit (& $split $list) }
        return
    }
    if ($wordToComplete -like '-*' -and -not $ddash) { & $emit ($node.opts + $gopts); return }
    if ($node.subs.Count -and $pos -eq 0) { & $emit $node.subs; return }
    if ($pos -ge $node.argv.Count) {
        if (-not ($node.variadic -and $node.argv.Count)) { return }
        $pos = $node.argv.Count - 1
    }
    if ($node.argv[$pos]) { & $emit (& $split $node.argv[$pos]) }
}
`;
}

const EMITTERS: Record<Shell, (root: Node) => string> = { bash, zsh, fish, powershell };

export function completionScript(shell: Shell, root: Node): string {
  return EMITTERS[shell](root);
}
