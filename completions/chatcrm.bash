# bash completion for chatcrm. Generated from the command tree by `npm run gen`: do not edit.
# Load it with: source <(chatcrm completion bash), or copy it to /etc/bash_completion.d/chatcrm

_chatcrm_gopts='-p --profile --base-url --mcp-url -o --output --json --fields -q --quiet --verbose --dry-run --timeout --retries -y --yes --no-input --no-color'
_chatcrm_gvopts='-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'

_chatcrm_node() {
  subs='' opts='' vopts='' argsv=0
  args=()
  case "$1" in
    '') subs='chat auth login logout profiles whoami doctor api completion sandbox'; opts='-V --version -h --help'; vopts='' ;;
    'chat') subs='senders send'; opts='-h --help'; vopts='' ;;
    'chat senders') subs=''; opts='-h --help'; vopts='' ;;
    'chat send') subs=''; opts='--to --sender --text -h --help'; vopts='--to --sender --text' ;;
    'auth') subs='profile'; opts='-h --help'; vopts='' ;;
    'auth profile') subs=''; opts='-h --help'; vopts='' ;;
    'login') subs=''; opts='--with-key --default-sender --business-account --no-verify -h --help'; vopts='--default-sender --business-account' ;;
    'logout') subs=''; opts='-h --help'; vopts='' ;;
    'profiles') subs='list show use set remove'; opts='-h --help'; vopts='' ;;
    'profiles list') subs=''; opts='-h --help'; vopts='' ;;
    'profiles show') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'profiles use') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'profiles set') subs=''; opts='-h --help'; vopts=''; args=('base-url mcp-url default-sender business-account allow-http' '') ;;
    'profiles remove') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'whoami') subs=''; opts='-h --help'; vopts='' ;;
    'doctor') subs=''; opts='-h --help'; vopts='' ;;
    'api') subs=''; opts='-f --field -F --file-field --input -H --header --mcp -h --help'; vopts='-f --field -F --file-field --input -H --header'; args=('GET POST PUT PATCH DELETE' '') ;;
    'completion') subs=''; opts='-h --help'; vopts=''; args=('bash zsh fish powershell') ;;
    'sandbox') subs=''; opts='--port --host --state --api-key --webhook-secret --verify-token -h --help'; vopts='--port --host --state --api-key --webhook-secret --verify-token' ;;
  esac
}

_chatcrm_next() {
  case "$1|$2" in
    '|chat') next='chat' ;;
    '|auth') next='auth' ;;
    '|login') next='login' ;;
    '|logout') next='logout' ;;
    '|profiles') next='profiles' ;;
    '|whoami') next='whoami' ;;
    '|doctor') next='doctor' ;;
    '|api') next='api' ;;
    '|completion') next='completion' ;;
    '|sandbox') next='sandbox' ;;
    'chat|senders') next='chat senders' ;;
    'chat|send') next='chat send' ;;
    'auth|profile') next='auth profile' ;;
    'profiles|list') next='profiles list' ;;
    'profiles|show') next='profiles show' ;;
    'profiles|use') next='profiles use' ;;
    'profiles|set') next='profiles set' ;;
    'profiles|remove') next='profiles remove' ;;
    *) next='' ;;
  esac
}

_chatcrm_values() {
  case "$1|$2" in
    *'|-o') values='table json jsonl csv yaml' ;;
    *'|--output') values='table json jsonl csv yaml' ;;
    *) values='' ;;
  esac
}

_chatcrm() {
  local cur="${COMP_WORDS[COMP_CWORD]}" cmdpath='' next='' subs opts vopts values w valopt=''
  local i pos=0 skip=0 ddash=0 argsv=0
  local -a args
  _chatcrm_node ''
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="${COMP_WORDS[i]}"
    if ((skip)); then skip=$((skip - 1)); continue; fi
    if ((!ddash)); then
      if [[ $w == -- ]]; then ddash=1; continue; fi
      if [[ $w == -?* ]]; then
        if [[ $w != *=* && " $vopts $_chatcrm_gvopts " == *" $w "* ]]; then
          valopt=$w skip=1
          # COMP_WORDBREAKS splits --opt=value into three words.
          [[ ${COMP_WORDS[i+1]} == = ]] && skip=2
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
  if ((pos >= ${#args[@]})); then
    ((argsv && ${#args[@]})) || return 0
    pos=$((${#args[@]} - 1))
  fi
  COMPREPLY=($(compgen -W "${args[pos]}" -- "$cur"))
}

complete -o default -F _chatcrm chatcrm
