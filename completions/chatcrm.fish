# fish completion for chatcrm. Generated from the command tree by `npm run gen`: do not edit.
# Install: chatcrm completion fish > ~/.config/fish/completions/chatcrm.fish

function __chatcrm_vopts --argument-names cmdpath
    switch $cmdpath
        case ''
            string split ' ' -- '-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'chat'
            string split ' ' -- '-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'chat senders'
            string split ' ' -- '-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'chat send'
            string split ' ' -- '--to --sender --text -p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'auth'
            string split ' ' -- '-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'auth profile'
            string split ' ' -- '-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'login'
            string split ' ' -- '--default-sender --business-account -p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'logout'
            string split ' ' -- '-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'profiles'
            string split ' ' -- '-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'profiles list'
            string split ' ' -- '-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'profiles show'
            string split ' ' -- '-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'profiles use'
            string split ' ' -- '-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'profiles set'
            string split ' ' -- '-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'profiles remove'
            string split ' ' -- '-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'whoami'
            string split ' ' -- '-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'doctor'
            string split ' ' -- '-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'api'
            string split ' ' -- '-f --field -F --file-field --input -H --header -p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'completion'
            string split ' ' -- '-p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
        case 'sandbox'
            string split ' ' -- '--port --host --state --api-key --webhook-secret --verify-token -p --profile --base-url --mcp-url -o --output --fields --timeout --retries'
    end
end

function __chatcrm_next --argument-names cmdpath word
    switch "$cmdpath|$word"
        case '|chat'
            echo 'chat'
        case '|auth'
            echo 'auth'
        case '|login'
            echo 'login'
        case '|logout'
            echo 'logout'
        case '|profiles'
            echo 'profiles'
        case '|whoami'
            echo 'whoami'
        case '|doctor'
            echo 'doctor'
        case '|api'
            echo 'api'
        case '|completion'
            echo 'completion'
        case '|sandbox'
            echo 'sandbox'
        case 'chat|senders'
            echo 'chat senders'
        case 'chat|send'
            echo 'chat send'
        case 'auth|profile'
            echo 'auth profile'
        case 'profiles|list'
            echo 'profiles list'
        case 'profiles|show'
            echo 'profiles show'
        case 'profiles|use'
            echo 'profiles use'
        case 'profiles|set'
            echo 'profiles set'
        case 'profiles|remove'
            echo 'profiles remove'
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

complete -c chatcrm -s 'p' -l 'profile' -r -d 'stored profile to use (env CHATCRM_PROFILE)'
complete -c chatcrm -l 'base-url' -r -d 'API address (env CHATCRM_BASE_URL)'
complete -c chatcrm -l 'mcp-url' -r -d 'tool endpoint address, defaults to the base URL (env CHATCRM_MCP_URL)'
complete -c chatcrm -s 'o' -l 'output' -x -a 'table json jsonl csv yaml' -d 'output format (env CHATCRM_OUTPUT)'
complete -c chatcrm -l 'json' -d 'same as -o json'
complete -c chatcrm -l 'fields' -r -d 'comma-separated fields (dot paths) to show'
complete -c chatcrm -s 'q' -l 'quiet' -d 'print only ids, one a line'
complete -c chatcrm -l 'verbose' -d 'HTTP trace on stderr, key redacted (env CHATCRM_DEBUG=1)'
complete -c chatcrm -l 'dry-run' -d 'print the request that would be sent and send nothing'
complete -c chatcrm -l 'timeout' -r -d 'per-request timeout (default 30)'
complete -c chatcrm -l 'retries' -r -d 'retries for requests safe to repeat (default 2)'
complete -c chatcrm -s 'y' -l 'yes' -d 'confirm destructive actions without a prompt'
complete -c chatcrm -l 'no-input' -d 'never prompt (implied without a TTY or with CI set)'
complete -c chatcrm -l 'no-color' -d 'plain output (env NO_COLOR)'
complete -c chatcrm -n '__chatcrm_at \'\' 0' -f -a 'chat' -d 'Send chat messages, list senders and groups'
complete -c chatcrm -n '__chatcrm_at \'\' 0' -f -a 'auth' -d 'Session authentication and the profile of the key'
complete -c chatcrm -n '__chatcrm_at \'\' 0' -f -a 'login' -d 'Set up a profile (address, key, defaults) and check the key'
complete -c chatcrm -n '__chatcrm_at \'\' 0' -f -a 'logout' -d 'Forget the stored key of a profile'
complete -c chatcrm -n '__chatcrm_at \'\' 0' -f -a 'profiles' -d 'Manage stored profiles'
complete -c chatcrm -n '__chatcrm_at \'\' 0' -f -a 'whoami' -d 'Show the active profile, its addresses and the user of the key'
complete -c chatcrm -n '__chatcrm_at \'\' 0' -f -a 'doctor' -d 'Check config, reachability, key validity and plan'
complete -c chatcrm -n '__chatcrm_at \'\' 0' -f -a 'api' -d 'Send a raw request to any path (areas without a command)'
complete -c chatcrm -n '__chatcrm_at \'\' 0' -f -a 'completion' -d 'Print a shell completion script'
complete -c chatcrm -n '__chatcrm_at \'\' 0' -f -a 'sandbox' -d 'Run the local sandbox service (the whole API, stateful)'
complete -c chatcrm -n '__chatcrm_at \'\'' -s 'V' -l 'version' -d 'print the version'
complete -c chatcrm -n '__chatcrm_at \'\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'chat\' 0' -f -a 'senders' -d 'List the active senders of the workspace'
complete -c chatcrm -n '__chatcrm_at \'chat\' 0' -f -a 'send' -d 'Send one message'
complete -c chatcrm -n '__chatcrm_at \'chat\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'chat senders\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'chat send\'' -l 'to' -r -d 'recipient phone number (international; +, spaces, -, ( ) are stripped)'
complete -c chatcrm -n '__chatcrm_at \'chat send\'' -l 'sender' -r -d 'sender id (default: the profile\'s default-sender)'
complete -c chatcrm -n '__chatcrm_at \'chat send\'' -l 'text' -r -d 'a text message'
complete -c chatcrm -n '__chatcrm_at \'chat send\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'auth\' 0' -f -a 'profile' -d 'Show the user the API key belongs to'
complete -c chatcrm -n '__chatcrm_at \'auth\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'auth profile\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'login\'' -l 'with-key' -d 'read the API key from stdin (for CI)'
complete -c chatcrm -n '__chatcrm_at \'login\'' -l 'default-sender' -r -d 'default sender for chat commands'
complete -c chatcrm -n '__chatcrm_at \'login\'' -l 'business-account' -r -d 'default business account for templates'
complete -c chatcrm -n '__chatcrm_at \'login\'' -l 'no-verify' -d 'save without checking the key against the service'
complete -c chatcrm -n '__chatcrm_at \'login\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'logout\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'profiles\' 0' -f -a 'list' -d 'List profiles'
complete -c chatcrm -n '__chatcrm_at \'profiles\' 0' -f -a 'show' -d 'Show a profile (the key is masked)'
complete -c chatcrm -n '__chatcrm_at \'profiles\' 0' -f -a 'use' -d 'Make a profile the active one'
complete -c chatcrm -n '__chatcrm_at \'profiles\' 0' -f -a 'set' -d 'Set a profile setting'
complete -c chatcrm -n '__chatcrm_at \'profiles\' 0' -f -a 'remove' -d 'Remove a profile and its key'
complete -c chatcrm -n '__chatcrm_at \'profiles\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'profiles list\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'profiles show\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'profiles use\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'profiles set\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'profiles set\' 0' -f -a 'base-url mcp-url default-sender business-account allow-http'
complete -c chatcrm -n '__chatcrm_at \'profiles remove\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'whoami\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'doctor\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'api\'' -s 'f' -l 'field' -r -d 'JSON body field (repeatable; dot paths nest)'
complete -c chatcrm -n '__chatcrm_at \'api\'' -s 'F' -l 'file-field' -r -d 'multipart file field (repeatable)'
complete -c chatcrm -n '__chatcrm_at \'api\'' -l 'input' -r -d 'request body from a file, or - for stdin'
complete -c chatcrm -n '__chatcrm_at \'api\'' -s 'H' -l 'header' -r -d 'extra header \'Name: value\' (repeatable)'
complete -c chatcrm -n '__chatcrm_at \'api\'' -l 'mcp' -d 'send to the tool endpoint (PATH relative to --mcp-url)'
complete -c chatcrm -n '__chatcrm_at \'api\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'api\' 0' -f -a 'GET POST PUT PATCH DELETE'
complete -c chatcrm -n '__chatcrm_at \'completion\'' -s 'h' -l 'help' -d 'show help'
complete -c chatcrm -n '__chatcrm_at \'completion\' 0' -f -a 'bash zsh fish powershell'
complete -c chatcrm -n '__chatcrm_at \'sandbox\'' -l 'port' -r -d 'port (default: a free one)'
complete -c chatcrm -n '__chatcrm_at \'sandbox\'' -l 'host' -r -d 'address to listen on'
complete -c chatcrm -n '__chatcrm_at \'sandbox\'' -l 'state' -r -d 'keep state in this file (written atomically)'
complete -c chatcrm -n '__chatcrm_at \'sandbox\'' -l 'api-key' -r -d 'the key the sandbox accepts (default: random)'
complete -c chatcrm -n '__chatcrm_at \'sandbox\'' -l 'webhook-secret' -r -d 'app secret for /webhook/chat signatures (default: random)'
complete -c chatcrm -n '__chatcrm_at \'sandbox\'' -l 'verify-token' -r -d 'verify token for the webhook challenge'
complete -c chatcrm -n '__chatcrm_at \'sandbox\'' -s 'h' -l 'help' -d 'show help'
