# PowerShell completion for chatcrm. Generated from the command tree by `npm run gen`: do not edit.
# Load it with: chatcrm completion powershell | Out-String | Invoke-Expression (e.g. in $PROFILE)

Register-ArgumentCompleter -Native -CommandName chatcrm -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    # Case-sensitive tables: -o and -O are different options.
    $nodes = [hashtable]::new([StringComparer]::Ordinal)
    $nodes[''] = @{
        subs = @(@{ n = 'chat'; d = 'Send chat messages, list senders and groups' }, @{ n = 'auth'; d = 'Session authentication and the profile of the key' }, @{ n = 'login'; d = 'Set up a profile (address, key, defaults) and check the key' }, @{ n = 'logout'; d = 'Forget the stored key of a profile' }, @{ n = 'profiles'; d = 'Manage stored profiles' }, @{ n = 'whoami'; d = 'Show the active profile, its addresses and the user of the key' }, @{ n = 'doctor'; d = 'Check config, reachability, key validity and plan' }, @{ n = 'api'; d = 'Send a raw request to any path (areas without a command)' }, @{ n = 'completion'; d = 'Print a shell completion script' }, @{ n = 'sandbox'; d = 'Run the local sandbox service (the whole API, stateful)' })
        opts = @(@{ n = '-V'; d = 'print the version' }, @{ n = '--version'; d = 'print the version' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['chat'] = @{
        subs = @(@{ n = 'senders'; d = 'List the active senders of the workspace' }, @{ n = 'send'; d = 'Send one message' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['chat senders'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['chat send'] = @{
        subs = @()
        opts = @(@{ n = '--to'; d = 'recipient phone number (international; +, spaces, -, ( ) are stripped)' }, @{ n = '--sender'; d = 'sender id (default: the profile''s default-sender)' }, @{ n = '--text'; d = 'a text message' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--to', '--sender', '--text')
        argv = @()
        variadic = $false
    }
    $nodes['auth'] = @{
        subs = @(@{ n = 'profile'; d = 'Show the user the API key belongs to' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['auth profile'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['login'] = @{
        subs = @()
        opts = @(@{ n = '--with-key'; d = 'read the API key from stdin (for CI)' }, @{ n = '--default-sender'; d = 'default sender for chat commands' }, @{ n = '--business-account'; d = 'default business account for templates' }, @{ n = '--no-verify'; d = 'save without checking the key against the service' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--default-sender', '--business-account')
        argv = @()
        variadic = $false
    }
    $nodes['logout'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['profiles'] = @{
        subs = @(@{ n = 'list'; d = 'List profiles' }, @{ n = 'show'; d = 'Show a profile (the key is masked)' }, @{ n = 'use'; d = 'Make a profile the active one' }, @{ n = 'set'; d = 'Set a profile setting' }, @{ n = 'remove'; d = 'Remove a profile and its key' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['profiles list'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['profiles show'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['profiles use'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['profiles set'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('base-url mcp-url default-sender business-account allow-http', '')
        variadic = $false
    }
    $nodes['profiles remove'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['whoami'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['doctor'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['api'] = @{
        subs = @()
        opts = @(@{ n = '-f'; d = 'JSON body field (repeatable; dot paths nest)' }, @{ n = '--field'; d = 'JSON body field (repeatable; dot paths nest)' }, @{ n = '-F'; d = 'multipart file field (repeatable)' }, @{ n = '--file-field'; d = 'multipart file field (repeatable)' }, @{ n = '--input'; d = 'request body from a file, or - for stdin' }, @{ n = '-H'; d = 'extra header ''Name: value'' (repeatable)' }, @{ n = '--header'; d = 'extra header ''Name: value'' (repeatable)' }, @{ n = '--mcp'; d = 'send to the tool endpoint (PATH relative to --mcp-url)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('-f', '--field', '-F', '--file-field', '--input', '-H', '--header')
        argv = @('GET POST PUT PATCH DELETE', '')
        variadic = $false
    }
    $nodes['completion'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('bash zsh fish powershell')
        variadic = $false
    }
    $nodes['sandbox'] = @{
        subs = @()
        opts = @(@{ n = '--port'; d = 'port (default: a free one)' }, @{ n = '--host'; d = 'address to listen on' }, @{ n = '--state'; d = 'keep state in this file (written atomically)' }, @{ n = '--api-key'; d = 'the key the sandbox accepts (default: random)' }, @{ n = '--webhook-secret'; d = 'app secret for /webhook/chat signatures (default: random)' }, @{ n = '--verify-token'; d = 'verify token for the webhook challenge' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--port', '--host', '--state', '--api-key', '--webhook-secret', '--verify-token')
        argv = @()
        variadic = $false
    }
    $next = [hashtable]::new([StringComparer]::Ordinal)
    $next['|chat'] = 'chat'
    $next['|auth'] = 'auth'
    $next['|login'] = 'login'
    $next['|logout'] = 'logout'
    $next['|profiles'] = 'profiles'
    $next['|whoami'] = 'whoami'
    $next['|doctor'] = 'doctor'
    $next['|api'] = 'api'
    $next['|completion'] = 'completion'
    $next['|sandbox'] = 'sandbox'
    $next['chat|senders'] = 'chat senders'
    $next['chat|send'] = 'chat send'
    $next['auth|profile'] = 'auth profile'
    $next['profiles|list'] = 'profiles list'
    $next['profiles|show'] = 'profiles show'
    $next['profiles|use'] = 'profiles use'
    $next['profiles|set'] = 'profiles set'
    $next['profiles|remove'] = 'profiles remove'
    $values = [hashtable]::new([StringComparer]::Ordinal)
    $values['*|-o'] = 'table json jsonl csv yaml'
    $values['*|--output'] = 'table json jsonl csv yaml'
    $gopts = @(@{ n = '-p'; d = 'stored profile to use (env CHATCRM_PROFILE)' }, @{ n = '--profile'; d = 'stored profile to use (env CHATCRM_PROFILE)' }, @{ n = '--base-url'; d = 'API address (env CHATCRM_BASE_URL)' }, @{ n = '--mcp-url'; d = 'tool endpoint address, defaults to the base URL (env CHATCRM_MCP_URL)' }, @{ n = '-o'; d = 'output format (env CHATCRM_OUTPUT)' }, @{ n = '--output'; d = 'output format (env CHATCRM_OUTPUT)' }, @{ n = '--json'; d = 'same as -o json' }, @{ n = '--fields'; d = 'comma-separated fields (dot paths) to show' }, @{ n = '-q'; d = 'print only ids, one a line' }, @{ n = '--quiet'; d = 'print only ids, one a line' }, @{ n = '--verbose'; d = 'HTTP trace on stderr, key redacted (env CHATCRM_DEBUG=1)' }, @{ n = '--dry-run'; d = 'print the request that would be sent and send nothing' }, @{ n = '--timeout'; d = 'per-request timeout (default 30)' }, @{ n = '--retries'; d = 'retries for requests safe to repeat (default 2)' }, @{ n = '-y'; d = 'confirm destructive actions without a prompt' }, @{ n = '--yes'; d = 'confirm destructive actions without a prompt' }, @{ n = '--no-input'; d = 'never prompt (implied without a TTY or with CI set)' }, @{ n = '--no-color'; d = 'plain output (env NO_COLOR)' })
    $gvopts = @('-p', '--profile', '--base-url', '--mcp-url', '-o', '--output', '--fields', '--timeout', '--retries')

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
