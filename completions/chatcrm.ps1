# PowerShell completion for chatcrm. Generated from the command tree by `npm run gen`: do not edit.
# Load it with: chatcrm completion powershell | Out-String | Invoke-Expression (e.g. in $PROFILE)

Register-ArgumentCompleter -Native -CommandName chatcrm -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    # Case-sensitive tables: -o and -O are different options.
    $nodes = [hashtable]::new([StringComparer]::Ordinal)
    $nodes[''] = @{
        subs = @(@{ n = 'chat'; d = 'Send chat messages, list senders and groups' }, @{ n = 'templates'; d = 'Create, list and preview message templates' }, @{ n = 'flows'; d = 'Automation flows: create, toggle, test, validate' }, @{ n = 'contacts'; d = 'Contacts: list, create and import (tool endpoint), stats, funnels, export' }, @{ n = 'campaigns'; d = 'Campaigns: send (tool endpoint), insights, report, publish, recurrence' }, @{ n = 'segments'; d = 'Contact segments: create, list, membership' }, @{ n = 'tags'; d = 'Contact tags and their usage' }, @{ n = 'custom-fields'; d = 'Custom contact fields' }, @{ n = 'currencies'; d = 'Currencies, exchange rates and the default currency' }, @{ n = 'subscription'; d = 'The tenant subscription: plan, features, usage' }, @{ n = 'teams'; d = 'Teams: members, permissions, active state' }, @{ n = 'taxes'; d = 'Taxes: name and rate in percent' }, @{ n = 'quick-replies'; d = 'Quick replies: canned answers for agents' }, @{ n = 'chatbots'; d = 'Chatbots: knowledge bases, training, URL scraping, documents' }, @{ n = 'message-status'; d = 'Message delivery and read status' }, @{ n = 'reply-materials'; d = 'Reply materials: files agents attach to replies' }, @{ n = 'notifications'; d = 'In-app notifications and their read state' }, @{ n = 'auth'; d = 'Session authentication and the profile of the key' }, @{ n = 'mcp'; d = 'Call the tool endpoint (MCP over streamable HTTP)' }, @{ n = 'webhook'; d = 'Sign, verify and send inbound webhook events' }, @{ n = 'login'; d = 'Set up a profile (address, key, defaults) and check the key' }, @{ n = 'logout'; d = 'Forget the stored key of a profile' }, @{ n = 'profiles'; d = 'Manage stored profiles' }, @{ n = 'whoami'; d = 'Show the active profile, its addresses and the user of the key' }, @{ n = 'doctor'; d = 'Check config, reachability, key validity and plan' }, @{ n = 'api'; d = 'Send a raw request to any path (areas without a command)' }, @{ n = 'openapi'; d = 'Print an OpenAPI 3.1 document of the service (YAML, or JSON with -o json)' }, @{ n = 'completion'; d = 'Print a shell completion script' }, @{ n = 'sandbox'; d = 'Run the local sandbox service (the whole API, stateful)' })
        opts = @(@{ n = '-V'; d = 'print the version' }, @{ n = '--version'; d = 'print the version' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['chat'] = @{
        subs = @(@{ n = 'senders'; d = 'List the active senders of the workspace' }, @{ n = 'send'; d = 'Send one message (text, media, location, template, reaction)' }, @{ n = 'send-batch'; d = 'Send one message per row of a CSV or JSONL file (crash-safe, resumable)' }, @{ n = 'groups'; d = 'Groups of a Scan Device sender (needs the group_messaging capability)' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['chat senders'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items')
        argv = @()
        variadic = $false
    }
    $nodes['chat send'] = @{
        subs = @()
        opts = @(@{ n = '--to'; d = 'recipient phone number (international; +, spaces, -, ( ) are stripped)' }, @{ n = '--sender'; d = 'sender id (default: the profile''s default-sender)' }, @{ n = '--text'; d = 'a text message' }, @{ n = '--image'; d = 'an image: public URL, or a local file (uploaded, up to 16 MB)' }, @{ n = '--video'; d = 'a video: URL or local file' }, @{ n = '--audio'; d = 'an audio clip: URL or local file' }, @{ n = '--document'; d = 'a document: URL or local file' }, @{ n = '--caption'; d = 'caption of an image, video or document' }, @{ n = '--filename'; d = 'file name shown for a document' }, @{ n = '--location'; d = 'a location, e.g. 52.5200,13.4050' }, @{ n = '--name'; d = 'name of the --location' }, @{ n = '--address'; d = 'address of the --location' }, @{ n = '--template'; d = 'an approved template' }, @{ n = '--language'; d = 'template language, e.g. en_US' }, @{ n = '--var'; d = 'template body variable, in order (repeatable)' }, @{ n = '--header-media'; d = 'template header media, e.g. image:https://example.com/a.png' }, @{ n = '--react'; d = 'react to a message' }, @{ n = '--emoji'; d = 'the reaction emoji' }, @{ n = '--message'; d = 'the raw message object: JSON, @file or - (stdin)' }, @{ n = '--via-mcp'; d = 'send a text through the tool endpoint (tool send_chat_message) instead of the REST API' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--to', '--sender', '--text', '--image', '--video', '--audio', '--document', '--caption', '--filename', '--location', '--name', '--address', '--template', '--language', '--var', '--header-media', '--react', '--emoji', '--message')
        argv = @()
        variadic = $false
    }
    $nodes['chat send-batch'] = @{
        subs = @()
        opts = @(@{ n = '--sender'; d = 'sender id (default: the profile''s default-sender)' }, @{ n = '--text'; d = 'a text message' }, @{ n = '--image'; d = 'an image: public URL, or a local file (uploaded, up to 16 MB)' }, @{ n = '--video'; d = 'a video: URL or local file' }, @{ n = '--audio'; d = 'an audio clip: URL or local file' }, @{ n = '--document'; d = 'a document: URL or local file' }, @{ n = '--caption'; d = 'caption of an image, video or document' }, @{ n = '--filename'; d = 'file name shown for a document' }, @{ n = '--location'; d = 'a location, e.g. 52.5200,13.4050' }, @{ n = '--name'; d = 'name of the --location' }, @{ n = '--address'; d = 'address of the --location' }, @{ n = '--template'; d = 'an approved template' }, @{ n = '--language'; d = 'template language, e.g. en_US' }, @{ n = '--var'; d = 'template body variable, in order (repeatable)' }, @{ n = '--header-media'; d = 'template header media, e.g. image:https://example.com/a.png' }, @{ n = '--react'; d = 'react to a message' }, @{ n = '--emoji'; d = 'the reaction emoji' }, @{ n = '--message'; d = 'the raw message object: JSON, @file or - (stdin)' }, @{ n = '--concurrency'; d = 'requests in flight at once (default 8)' }, @{ n = '--rate'; d = 'at most N requests a second' }, @{ n = '--journal'; d = 'journal of the run (default FILE.journal)' }, @{ n = '--resume'; d = 'continue the run of the journal: skip sent rows (matched by recipient and message), keep uncertain ones' }, @{ n = '--restart'; d = 'start a new run: move the existing journal aside (FILE.journal.1)' }, @{ n = '--retry-uncertain'; d = 'with --resume, send uncertain rows again (they may arrive twice)' }, @{ n = '--results'; d = 'write every row''s final state as CSV, one line per input row, in input order' }, @{ n = '--max-errors'; d = 'stop dispatching once more than N rows failed or became uncertain' }, @{ n = '--strict'; d = 'a row whose {{column}} is empty is invalid (default: a warning)' }, @{ n = '--delimiter'; d = 'CSV field delimiter: , ; or tab (default: detected from the header)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--sender', '--text', '--image', '--video', '--audio', '--document', '--caption', '--filename', '--location', '--name', '--address', '--template', '--language', '--var', '--header-media', '--react', '--emoji', '--message', '--concurrency', '--rate', '--journal', '--results', '--max-errors', '--delimiter')
        argv = @('')
        variadic = $false
    }
    $nodes['chat groups'] = @{
        subs = @(@{ n = 'list'; d = 'List the groups the sender has joined' }, @{ n = 'members'; d = 'List the members of a group' }, @{ n = 'send'; d = 'Send a text message to a group' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['chat groups list'] = @{
        subs = @()
        opts = @(@{ n = '--sender'; d = 'sender id (default: the profile''s default-sender)' }, @{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--sender', '--page', '--limit', '--max-items')
        argv = @()
        variadic = $false
    }
    $nodes['chat groups members'] = @{
        subs = @()
        opts = @(@{ n = '--sender'; d = 'sender id (default: the profile''s default-sender)' }, @{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--sender', '--page', '--limit', '--max-items')
        argv = @('')
        variadic = $false
    }
    $nodes['chat groups send'] = @{
        subs = @()
        opts = @(@{ n = '--group-id'; d = 'group id (or --group-name)' }, @{ n = '--group-name'; d = 'group name (or --group-id)' }, @{ n = '--text'; d = 'the message' }, @{ n = '--mention'; d = 'phone number of a member to mention (repeatable)' }, @{ n = '--sender'; d = 'sender id (default: the profile''s default-sender)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--group-id', '--group-name', '--text', '--mention', '--sender')
        argv = @()
        variadic = $false
    }
    $nodes['templates'] = @{
        subs = @(@{ n = 'list'; d = 'List message templates (GET /api/v2/templates)' }, @{ n = 'create'; d = 'Create a message template (checked before sending)' }, @{ n = 'preview'; d = 'Show a template as a recipient sees it (offline)' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['templates list'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '--search'; d = 'filter by text' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items', '--search')
        argv = @()
        variadic = $false
    }
    $nodes['templates create'] = @{
        subs = @()
        opts = @(@{ n = '--account'; d = 'business account id (default: the profile''s business-account)' }, @{ n = '--name'; d = 'template name (letters, digits, _; the service lower-cases it)' }, @{ n = '--category'; d = 'template category (any case)' }, @{ n = '--language'; d = 'locale, xx_XX (e.g. en_US)' }, @{ n = '--header'; d = 'header text; may hold one named variable such as {{name}}' }, @{ n = '--body'; d = 'message body with numbered variables {{1}}, {{2}}, ...' }, @{ n = '--footer'; d = 'footer text' }, @{ n = '--example'; d = 'example for a variable, e.g. 1=Maria (repeatable)' }, @{ n = '--button'; d = 'quick_reply:TEXT, phone_call:TEXT:PHONE, website:TEXT:URL or copy_code:CODE (repeatable)' }, @{ n = '--security-recommendation'; d = 'AUTHENTICATION: add the security recommendation' }, @{ n = '--code-expiration'; d = 'AUTHENTICATION: code expiry, 1 to 90 minutes' }, @{ n = '--otp-length'; d = 'AUTHENTICATION: code length, 4 to 8' }, @{ n = '--otp-copy-button'; d = 'AUTHENTICATION: copy-code button text' }, @{ n = '--limited-time-offer'; d = 'MARKETING: a limited-time offer (needs --offer-text)' }, @{ n = '--offer-text'; d = 'limited-time offer text' }, @{ n = '--has-expiration'; d = 'limited-time offer has an expiration' }, @{ n = '--file'; d = 'the request as JSON or YAML (- for stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--account', '--name', '--category', '--language', '--header', '--body', '--footer', '--example', '--button', '--code-expiration', '--otp-length', '--otp-copy-button', '--offer-text', '--file')
        argv = @()
        variadic = $false
    }
    $nodes['templates preview'] = @{
        subs = @()
        opts = @(@{ n = '--account'; d = 'business account id (default: the profile''s business-account)' }, @{ n = '--name'; d = 'template name (letters, digits, _; the service lower-cases it)' }, @{ n = '--category'; d = 'template category (any case)' }, @{ n = '--language'; d = 'locale, xx_XX (e.g. en_US)' }, @{ n = '--header'; d = 'header text; may hold one named variable such as {{name}}' }, @{ n = '--body'; d = 'message body with numbered variables {{1}}, {{2}}, ...' }, @{ n = '--footer'; d = 'footer text' }, @{ n = '--example'; d = 'example for a variable, e.g. 1=Maria (repeatable)' }, @{ n = '--button'; d = 'quick_reply:TEXT, phone_call:TEXT:PHONE, website:TEXT:URL or copy_code:CODE (repeatable)' }, @{ n = '--security-recommendation'; d = 'AUTHENTICATION: add the security recommendation' }, @{ n = '--code-expiration'; d = 'AUTHENTICATION: code expiry, 1 to 90 minutes' }, @{ n = '--otp-length'; d = 'AUTHENTICATION: code length, 4 to 8' }, @{ n = '--otp-copy-button'; d = 'AUTHENTICATION: copy-code button text' }, @{ n = '--limited-time-offer'; d = 'MARKETING: a limited-time offer (needs --offer-text)' }, @{ n = '--offer-text'; d = 'limited-time offer text' }, @{ n = '--has-expiration'; d = 'limited-time offer has an expiration' }, @{ n = '--file'; d = 'the request as JSON or YAML (- for stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--account', '--name', '--category', '--language', '--header', '--body', '--footer', '--example', '--button', '--code-expiration', '--otp-length', '--otp-copy-button', '--offer-text', '--file')
        argv = @()
        variadic = $false
    }
    $nodes['flows'] = @{
        subs = @(@{ n = 'list'; d = 'List flows (id, name, keyword, platform, state, updated)' }, @{ n = 'get'; d = 'Show a flow' }, @{ n = 'create'; d = 'Create a flow from a JSON/YAML file or flags (validated offline first)' }, @{ n = 'update'; d = 'Update fields of a flow (flags and/or a partial file)' }, @{ n = 'delete'; d = 'Delete a flow (soft; asks first, --yes without a TTY)' }, @{ n = 'toggle'; d = 'Switch a flow between active and draft (inactive)' }, @{ n = 'toggle-pause'; d = 'Pause an active flow, or resume a paused one' }, @{ n = 'test'; d = 'Run a flow on a test message and show where it lands' }, @{ n = 'node-types'; d = 'List the step and screen types flows can use' }, @{ n = 'suggest'; d = 'Ask for a suggested flow; --out writes it for `flows create --file`' }, @{ n = 'executions'; d = 'List the executions of a flow' }, @{ n = 'execution'; d = 'Show one execution with its steps' }, @{ n = 'stats'; d = 'Flow statistics (flows by state, executions, match rate)' }, @{ n = 'validate'; d = 'Check a flow file offline: schema, dangling gotos, unreachable screens' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['flows list'] = @{
        subs = @()
        opts = @(@{ n = '--status'; d = 'only flows in this state (default: all)' }, @{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--status', '--page', '--limit', '--max-items')
        argv = @()
        variadic = $false
    }
    $nodes['flows get'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['flows create'] = @{
        subs = @()
        opts = @(@{ n = '--file'; d = 'the flow as JSON or YAML (- for stdin); flags override its fields' }, @{ n = '--name'; d = 'flow name' }, @{ n = '--keyword'; d = 'trigger word' }, @{ n = '--prefix'; d = 'trigger prefix' }, @{ n = '--platform'; d = 'channel (default: chat)' }, @{ n = '--active'; d = 'set is_active true' }, @{ n = '--inactive'; d = 'set is_active false' }, @{ n = '--return-to'; d = 'screen to return to after a branch ends' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--file', '--name', '--keyword', '--prefix', '--platform', '--return-to')
        argv = @()
        variadic = $false
    }
    $nodes['flows update'] = @{
        subs = @()
        opts = @(@{ n = '--file'; d = 'a partial flow as JSON or YAML (- for stdin)' }, @{ n = '--name'; d = 'flow name' }, @{ n = '--keyword'; d = 'trigger word' }, @{ n = '--prefix'; d = 'trigger prefix' }, @{ n = '--platform'; d = 'channel' }, @{ n = '--active'; d = 'set is_active true' }, @{ n = '--inactive'; d = 'set is_active false' }, @{ n = '--return-to'; d = 'screen to return to after a branch ends' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--file', '--name', '--keyword', '--prefix', '--platform', '--return-to')
        argv = @('')
        variadic = $false
    }
    $nodes['flows delete'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['flows toggle'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['flows toggle-pause'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['flows test'] = @{
        subs = @()
        opts = @(@{ n = '--message'; d = 'the incoming message to test with' }, @{ n = '--message-type'; d = 'message type' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--message', '--message-type')
        argv = @('')
        variadic = $false
    }
    $nodes['flows node-types'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['flows suggest'] = @{
        subs = @()
        opts = @(@{ n = '--business-name'; d = 'business name' }, @{ n = '--language'; d = 'language of the messages' }, @{ n = '--industry'; d = 'industry' }, @{ n = '--purpose'; d = 'what the flow is for' }, @{ n = '--action'; d = 'what the customer should do' }, @{ n = '--tone'; d = 'tone of voice' }, @{ n = '--occasion'; d = 'occasion' }, @{ n = '--details'; d = 'additional details' }, @{ n = '--platform'; d = 'channel (chat)' }, @{ n = '--out'; d = 'write the suggested flow to this file (.yaml/.yml or .json)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--business-name', '--language', '--industry', '--purpose', '--action', '--tone', '--occasion', '--details', '--platform', '--out')
        argv = @()
        variadic = $false
    }
    $nodes['flows executions'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items')
        argv = @('')
        variadic = $false
    }
    $nodes['flows execution'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['flows stats'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['flows validate'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['contacts'] = @{
        subs = @(@{ n = 'list'; d = 'List contacts (tool list_contacts)' }, @{ n = 'create'; d = 'Create a contact (tool create_contact)' }, @{ n = 'import'; d = 'Create a contact per row of a CSV or JSONL file (tool create_contact; crash-safe, resumable)' }, @{ n = 'stats'; d = 'Contact statistics (totals by status, source, tag)' }, @{ n = 'funnels'; d = 'Contacts by funnel stage' }, @{ n = 'funnel-action'; d = 'Kanban funnel action (move a contact to a stage)' }, @{ n = 'add-to-segments'; d = 'Add contacts to segments' }, @{ n = 'export'; d = 'Start a contact export job (then export-status --wait and export-download)' }, @{ n = 'export-status'; d = 'Status of a contact export job' }, @{ n = 'export-download'; d = 'Download a finished contact export' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['contacts list'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '--search'; d = 'match name, phone or email' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items', '--search')
        argv = @()
        variadic = $false
    }
    $nodes['contacts create'] = @{
        subs = @()
        opts = @(@{ n = '--phone'; d = 'phone number (international; +, spaces, -, ( ) are stripped)' }, @{ n = '--name'; d = 'contact name' }, @{ n = '--email'; d = 'email address' }, @{ n = '--source'; d = 'where the contact came from' }, @{ n = '--status'; d = 'contact status (e.g. lead, customer)' }, @{ n = '--tag'; d = 'a tag (repeat for more)' }, @{ n = '--field'; d = 'a custom field (repeat for more)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--phone', '--name', '--email', '--source', '--status', '--tag', '--field')
        argv = @()
        variadic = $false
    }
    $nodes['contacts import'] = @{
        subs = @()
        opts = @(@{ n = '--concurrency'; d = 'requests in flight at once (default 8)' }, @{ n = '--rate'; d = 'at most N requests a second' }, @{ n = '--journal'; d = 'journal of the run (default FILE.journal)' }, @{ n = '--resume'; d = 'continue the run of the journal: skip sent rows (matched by recipient and message), keep uncertain ones' }, @{ n = '--restart'; d = 'start a new run: move the existing journal aside (FILE.journal.1)' }, @{ n = '--retry-uncertain'; d = 'with --resume, send uncertain rows again (they may arrive twice)' }, @{ n = '--results'; d = 'write every row''s final state as CSV, one line per input row, in input order' }, @{ n = '--max-errors'; d = 'stop dispatching once more than N rows failed or became uncertain' }, @{ n = '--strict'; d = 'a row whose {{column}} is empty is invalid (default: a warning)' }, @{ n = '--delimiter'; d = 'CSV field delimiter: , ; or tab (default: detected from the header)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--concurrency', '--rate', '--journal', '--results', '--max-errors', '--delimiter')
        argv = @('')
        variadic = $false
    }
    $nodes['contacts stats'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['contacts funnels'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['contacts funnel-action'] = @{
        subs = @()
        opts = @(@{ n = '--contact'; d = 'contact id' }, @{ n = '--status'; d = 'stage (status) to move the contact to' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--contact', '--status', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['contacts add-to-segments'] = @{
        subs = @()
        opts = @(@{ n = '--segment'; d = 'segment id (repeatable)' }, @{ n = '--contact'; d = 'contact id (repeatable)' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--segment', '--contact', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['contacts export'] = @{
        subs = @()
        opts = @(@{ n = '--segment'; d = 'export only the contacts of this segment' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--segment', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['contacts export-status'] = @{
        subs = @()
        opts = @(@{ n = '--wait'; d = 'poll until the job completes or fails' }, @{ n = '--wait-timeout'; d = 'give up waiting after this long (default 300)' }, @{ n = '--interval'; d = 'seconds between polls (default 1)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--wait-timeout', '--interval')
        argv = @('')
        variadic = $false
    }
    $nodes['contacts export-download'] = @{
        subs = @()
        opts = @(@{ n = '-O'; d = 'where to save it (a file, a folder, or - for stdout); default: the file name here' }, @{ n = '--output-file'; d = 'where to save it (a file, a folder, or - for stdout); default: the file name here' }, @{ n = '--force'; d = 'overwrite an existing file' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('-O', '--output-file')
        argv = @('')
        variadic = $false
    }
    $nodes['campaigns'] = @{
        subs = @(@{ n = 'send'; d = 'Send a campaign now (tool send_campaign)' }, @{ n = 'list'; d = 'List campaigns (GET /api/v2/campaigns)' }, @{ n = 'insights'; d = 'Campaign insights: the delivery funnel (bars on a terminal), counts and rates' }, @{ n = 'report'; d = 'Campaign report: one row per recipient message, and the funnel on a terminal' }, @{ n = 'publish'; d = 'Publish a draft campaign' }, @{ n = 'recurring'; d = 'Make a campaign recurring (--pattern) or stop it (--off)' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['campaigns send'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['campaigns list'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '--search'; d = 'filter by text' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items', '--search')
        argv = @()
        variadic = $false
    }
    $nodes['campaigns insights'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['campaigns report'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['campaigns publish'] = @{
        subs = @()
        opts = @(@{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--data')
        argv = @('')
        variadic = $false
    }
    $nodes['campaigns recurring'] = @{
        subs = @()
        opts = @(@{ n = '--pattern'; d = 'how often: daily (the value the service uses), weekly or monthly' }, @{ n = '--off'; d = 'stop the recurrence (is_recurring false)' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--pattern', '--data')
        argv = @('')
        variadic = $false
    }
    $nodes['segments'] = @{
        subs = @(@{ n = 'list'; d = 'List segments' }, @{ n = 'get'; d = 'Show a segment' }, @{ n = 'create'; d = 'Create a segment' }, @{ n = 'update'; d = 'Update a segment' }, @{ n = 'delete'; d = 'Delete a segment' }, @{ n = 'delete-many'; d = 'Delete several segments' }, @{ n = 'add-contacts'; d = 'Add contacts to a segment' }, @{ n = 'remove-contacts'; d = 'Remove contacts from a segment' }, @{ n = 'contacts'; d = 'List the contacts of a segment' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['segments list'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '--search'; d = 'filter by text' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items', '--search')
        argv = @()
        variadic = $false
    }
    $nodes['segments get'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['segments create'] = @{
        subs = @()
        opts = @(@{ n = '--name'; d = 'segment name' }, @{ n = '--filters'; d = 'filters object as JSON, e.g. {"status":"lead"}' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--name', '--filters', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['segments update'] = @{
        subs = @()
        opts = @(@{ n = '--name'; d = 'new name' }, @{ n = '--filters'; d = 'filters object as JSON' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--name', '--filters', '--data')
        argv = @('')
        variadic = $false
    }
    $nodes['segments delete'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['segments delete-many'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $true
    }
    $nodes['segments add-contacts'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('', '')
        variadic = $true
    }
    $nodes['segments remove-contacts'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('', '')
        variadic = $true
    }
    $nodes['segments contacts'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '--search'; d = 'filter by text' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items', '--search')
        argv = @('')
        variadic = $false
    }
    $nodes['tags'] = @{
        subs = @(@{ n = 'create'; d = 'Create a tag' }, @{ n = 'list'; d = 'List tags' }, @{ n = 'get'; d = 'Show a tag' }, @{ n = 'update'; d = 'Rename a tag' }, @{ n = 'delete'; d = 'Delete tags' }, @{ n = 'popular'; d = 'Most used tags' }, @{ n = 'usage'; d = 'How many contacts carry each tag' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['tags create'] = @{
        subs = @()
        opts = @(@{ n = '--name'; d = 'tag name (unique)' }, @{ n = '--color'; d = 'colour as #RRGGBB' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--name', '--color', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['tags list'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '--search'; d = 'filter by text' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items', '--search')
        argv = @()
        variadic = $false
    }
    $nodes['tags get'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['tags update'] = @{
        subs = @()
        opts = @(@{ n = '--name'; d = 'new name' }, @{ n = '--color'; d = 'new colour as #RRGGBB' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--name', '--color', '--data')
        argv = @('')
        variadic = $false
    }
    $nodes['tags delete'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $true
    }
    $nodes['tags popular'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['tags usage'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['custom-fields'] = @{
        subs = @(@{ n = 'list'; d = 'List custom fields' }, @{ n = 'get'; d = 'Show a custom field' }, @{ n = 'create'; d = 'Create a custom field' }, @{ n = 'update'; d = 'Update a custom field' }, @{ n = 'delete'; d = 'Delete custom fields' }, @{ n = 'status'; d = 'Activate or deactivate custom fields' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['custom-fields list'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '--search'; d = 'filter by text' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items', '--search')
        argv = @()
        variadic = $false
    }
    $nodes['custom-fields get'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['custom-fields create'] = @{
        subs = @()
        opts = @(@{ n = '--name'; d = 'field name' }, @{ n = '--type'; d = 'field type (text is used by the service)' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--name', '--type', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['custom-fields update'] = @{
        subs = @()
        opts = @(@{ n = '--name'; d = 'new name' }, @{ n = '--type'; d = 'new type' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--name', '--type', '--data')
        argv = @('')
        variadic = $false
    }
    $nodes['custom-fields delete'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $true
    }
    $nodes['custom-fields status'] = @{
        subs = @()
        opts = @(@{ n = '--id'; d = 'custom field id (repeatable)' }, @{ n = '--active'; d = 'true to activate, false to deactivate' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--id', '--active', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['currencies'] = @{
        subs = @(@{ n = 'list'; d = 'List currencies' }, @{ n = 'exchange-rate'; d = 'Exchange rates against the default currency' }, @{ n = 'get'; d = 'Show a currency' }, @{ n = 'create'; d = 'Create a currency' }, @{ n = 'update'; d = 'Update a currency' }, @{ n = 'delete'; d = 'Delete currencies' }, @{ n = 'toggle-status'; d = 'Activate or deactivate a currency' }, @{ n = 'toggle-default'; d = 'Make a currency the default (one default at a time)' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['currencies list'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '--search'; d = 'filter by text' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items', '--search')
        argv = @()
        variadic = $false
    }
    $nodes['currencies exchange-rate'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['currencies get'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['currencies create'] = @{
        subs = @()
        opts = @(@{ n = '--code'; d = 'three-letter code (upper-cased), e.g. GBP' }, @{ n = '--name'; d = 'currency name' }, @{ n = '--symbol'; d = 'symbol, e.g. £' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--code', '--name', '--symbol', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['currencies update'] = @{
        subs = @()
        opts = @(@{ n = '--code'; d = 'three-letter code' }, @{ n = '--name'; d = 'currency name' }, @{ n = '--symbol'; d = 'symbol' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--code', '--name', '--symbol', '--data')
        argv = @('')
        variadic = $false
    }
    $nodes['currencies delete'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $true
    }
    $nodes['currencies toggle-status'] = @{
        subs = @()
        opts = @(@{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--data')
        argv = @('')
        variadic = $false
    }
    $nodes['currencies toggle-default'] = @{
        subs = @()
        opts = @(@{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--data')
        argv = @('')
        variadic = $false
    }
    $nodes['subscription'] = @{
        subs = @(@{ n = 'show'; d = 'Current plan, features and usage' }, @{ n = 'usage'; d = 'Plan usage against its limits' }, @{ n = 'checkout-url'; d = 'A checkout URL to pay for or change a plan' }, @{ n = 'create'; d = 'Subscribe to a plan through a payment gateway' }, @{ n = 'cancel'; d = 'Cancel a subscription' }, @{ n = 'resume'; d = 'Resume a cancelled subscription' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['subscription show'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['subscription usage'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['subscription checkout-url'] = @{
        subs = @()
        opts = @(@{ n = '--plan'; d = 'plan to check out' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--plan')
        argv = @()
        variadic = $false
    }
    $nodes['subscription create'] = @{
        subs = @()
        opts = @(@{ n = '--gateway'; d = 'payment gateway' }, @{ n = '--plan'; d = 'plan id' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--gateway', '--plan')
        argv = @()
        variadic = $false
    }
    $nodes['subscription cancel'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['subscription resume'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['teams'] = @{
        subs = @(@{ n = 'list'; d = 'List teams' }, @{ n = 'permissions'; d = 'List the permissions a team can be given' }, @{ n = 'get'; d = 'Show a team' }, @{ n = 'create'; d = 'Create a team' }, @{ n = 'update'; d = 'Update a team' }, @{ n = 'delete'; d = 'Delete teams (one or more ids)' }, @{ n = 'toggle-status'; d = 'Toggle a team between active and inactive' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['teams list'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '--search'; d = 'filter by text' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items', '--search')
        argv = @()
        variadic = $false
    }
    $nodes['teams permissions'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['teams get'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['teams create'] = @{
        subs = @()
        opts = @(@{ n = '--name'; d = 'team name (unique)' }, @{ n = '--member'; d = 'a member (user id or email); repeat for more' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--name', '--member', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['teams update'] = @{
        subs = @()
        opts = @(@{ n = '--name'; d = 'new name' }, @{ n = '--member'; d = 'replace the members; repeat for more' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--name', '--member', '--data')
        argv = @('')
        variadic = $false
    }
    $nodes['teams delete'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $true
    }
    $nodes['teams toggle-status'] = @{
        subs = @()
        opts = @(@{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--data')
        argv = @('')
        variadic = $false
    }
    $nodes['taxes'] = @{
        subs = @(@{ n = 'list'; d = 'List taxes' }, @{ n = 'get'; d = 'Show a tax' }, @{ n = 'create'; d = 'Create a tax' }, @{ n = 'update'; d = 'Update a tax' }, @{ n = 'delete'; d = 'Delete a tax' }, @{ n = 'delete-many'; d = 'Delete taxes (one or more ids)' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['taxes list'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '--search'; d = 'filter by text' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items', '--search')
        argv = @()
        variadic = $false
    }
    $nodes['taxes get'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['taxes create'] = @{
        subs = @()
        opts = @(@{ n = '--name'; d = 'tax name (unique)' }, @{ n = '--rate'; d = 'rate in percent, from 0 to 100' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--name', '--rate', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['taxes update'] = @{
        subs = @()
        opts = @(@{ n = '--name'; d = 'new name' }, @{ n = '--rate'; d = 'new rate in percent, from 0 to 100' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--name', '--rate', '--data')
        argv = @('')
        variadic = $false
    }
    $nodes['taxes delete'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['taxes delete-many'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $true
    }
    $nodes['quick-replies'] = @{
        subs = @(@{ n = 'list'; d = 'List quick replies (--admin: every user''s)' }, @{ n = 'create'; d = 'Create a quick reply' }, @{ n = 'update'; d = 'Update a quick reply' }, @{ n = 'delete'; d = 'Delete quick replies (one or more ids)' }, @{ n = 'favorite'; d = 'Toggle a quick reply as favorite' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['quick-replies list'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '--search'; d = 'filter by text' }, @{ n = '--admin'; d = 'the admin list (GET /api/quick-replies/admin)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items', '--search')
        argv = @()
        variadic = $false
    }
    $nodes['quick-replies create'] = @{
        subs = @()
        opts = @(@{ n = '--title'; d = 'short title' }, @{ n = '--message'; d = 'the reply text' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--title', '--message', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['quick-replies update'] = @{
        subs = @()
        opts = @(@{ n = '--title'; d = 'new title' }, @{ n = '--message'; d = 'new reply text' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--title', '--message', '--data')
        argv = @('')
        variadic = $false
    }
    $nodes['quick-replies delete'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $true
    }
    $nodes['quick-replies favorite'] = @{
        subs = @()
        opts = @(@{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--data')
        argv = @('')
        variadic = $false
    }
    $nodes['chatbots'] = @{
        subs = @(@{ n = 'list'; d = 'List chatbots' }, @{ n = 'get'; d = 'Show a chatbot' }, @{ n = 'create'; d = 'Create a chatbot' }, @{ n = 'update'; d = 'Update a chatbot' }, @{ n = 'delete'; d = 'Delete a chatbot' }, @{ n = 'train'; d = 'Train a chatbot on its knowledge sources' }, @{ n = 'scrape'; d = 'Scrape a URL into a knowledge base' }, @{ n = 'extract-doc'; d = 'Upload a document and extract its text (multipart field file)' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['chatbots list'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '--search'; d = 'filter by text' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items', '--search')
        argv = @()
        variadic = $false
    }
    $nodes['chatbots get'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['chatbots create'] = @{
        subs = @()
        opts = @(@{ n = '--name'; d = 'chatbot name' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--name', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['chatbots update'] = @{
        subs = @()
        opts = @(@{ n = '--name'; d = 'new name' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--name', '--data')
        argv = @('')
        variadic = $false
    }
    $nodes['chatbots delete'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['chatbots train'] = @{
        subs = @()
        opts = @(@{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--data')
        argv = @('')
        variadic = $false
    }
    $nodes['chatbots scrape'] = @{
        subs = @()
        opts = @(@{ n = '--url'; d = 'http(s) address of the page' }, @{ n = '--chatbot'; d = 'chatbot whose knowledge base gets the page (sent as chatbot_id)' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--url', '--chatbot', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['chatbots extract-doc'] = @{
        subs = @()
        opts = @(@{ n = '--chatbot'; d = 'chatbot whose knowledge base gets the document (form field chatbot_id)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--chatbot')
        argv = @('')
        variadic = $false
    }
    $nodes['message-status'] = @{
        subs = @(@{ n = 'delivery'; d = 'Mark a message delivered' }, @{ n = 'read'; d = 'Mark a message read' }, @{ n = 'chat-status'; d = 'Push a chat status (e.g. delivered/read for messages)' }, @{ n = 'bulk-delivery'; d = 'Mark several messages delivered' }, @{ n = 'bulk-read'; d = 'Mark several messages read' }, @{ n = 'user'; d = 'Status of the messages of a user (the sandbox takes the recipient phone number)' }, @{ n = 'get'; d = 'Status of one or more messages' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['message-status delivery'] = @{
        subs = @()
        opts = @(@{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--data')
        argv = @('')
        variadic = $false
    }
    $nodes['message-status read'] = @{
        subs = @()
        opts = @(@{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--data')
        argv = @('')
        variadic = $false
    }
    $nodes['message-status chat-status'] = @{
        subs = @()
        opts = @(@{ n = '--message-id'; d = 'a message id; repeat for more (sent as message_ids)' }, @{ n = '--status'; d = 'status to push' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--message-id', '--status', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['message-status bulk-delivery'] = @{
        subs = @()
        opts = @(@{ n = '--message-id'; d = 'a message id; repeat for more (sent as message_ids)' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--message-id', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['message-status bulk-read'] = @{
        subs = @()
        opts = @(@{ n = '--message-id'; d = 'a message id; repeat for more (sent as message_ids)' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--message-id', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['message-status user'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['message-status get'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $true
    }
    $nodes['reply-materials'] = @{
        subs = @(@{ n = 'list'; d = 'List reply materials' }, @{ n = 'get'; d = 'Show a reply material' }, @{ n = 'create'; d = 'Upload a reply material (multipart: title, file)' }, @{ n = 'update'; d = 'Replace the file (and optionally the title) of a reply material' }, @{ n = 'delete'; d = 'Delete a reply material' }, @{ n = 'delete-many'; d = 'Delete reply materials (one or more ids)' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['reply-materials list'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '--search'; d = 'filter by text' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items', '--search')
        argv = @()
        variadic = $false
    }
    $nodes['reply-materials get'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['reply-materials create'] = @{
        subs = @()
        opts = @(@{ n = '--title'; d = 'title shown to agents' }, @{ n = '--file'; d = 'local file to upload' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--title', '--file')
        argv = @()
        variadic = $false
    }
    $nodes['reply-materials update'] = @{
        subs = @()
        opts = @(@{ n = '--file'; d = 'local file to upload' }, @{ n = '--title'; d = 'new title' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--file', '--title')
        argv = @('')
        variadic = $false
    }
    $nodes['reply-materials delete'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $false
    }
    $nodes['reply-materials delete-many'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @('')
        variadic = $true
    }
    $nodes['notifications'] = @{
        subs = @(@{ n = 'list'; d = 'List notifications' }, @{ n = 'create'; d = 'Create a notification' }, @{ n = 'read-all'; d = 'Mark every notification read' }, @{ n = 'read'; d = 'Mark a notification read' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['notifications list'] = @{
        subs = @()
        opts = @(@{ n = '--page'; d = 'page number (default 1)' }, @{ n = '--limit'; d = 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' }, @{ n = '--all'; d = 'every page (jsonl, csv and json stream as pages arrive)' }, @{ n = '--max-items'; d = 'stop after N records (implies --all)' }, @{ n = '--search'; d = 'filter by text' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--page', '--limit', '--max-items', '--search')
        argv = @()
        variadic = $false
    }
    $nodes['notifications create'] = @{
        subs = @()
        opts = @(@{ n = '--title'; d = 'title' }, @{ n = '--message'; d = 'text' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--title', '--message', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['notifications read-all'] = @{
        subs = @()
        opts = @(@{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--data')
        argv = @()
        variadic = $false
    }
    $nodes['notifications read'] = @{
        subs = @()
        opts = @(@{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--data')
        argv = @('')
        variadic = $false
    }
    $nodes['auth'] = @{
        subs = @(@{ n = 'register'; d = 'Register a user (an OTP is sent to the email)' }, @{ n = 'login'; d = 'Log in with an email or phone and a password (prints a session token)' }, @{ n = 'verify-otp'; d = 'Verify the OTP sent to an email' }, @{ n = 'resend-otp'; d = 'Send the OTP again' }, @{ n = 'forgot-password'; d = 'Start a password reset' }, @{ n = 'reset-password'; d = 'Set a new password' }, @{ n = 'profile'; d = 'Show the user the API key belongs to' }, @{ n = 'update-profile'; d = 'Change the name or phone of the profile' }, @{ n = 'permissions'; d = 'Show the permissions of the caller' }, @{ n = 'change-password'; d = 'Change the password (current, then new)' }, @{ n = 'logout'; d = 'Log out the session' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['auth register'] = @{
        subs = @()
        opts = @(@{ n = '--name'; d = 'full name' }, @{ n = '--email'; d = 'email address' }, @{ n = '--phone'; d = 'national phone number, without the country code' }, @{ n = '--country-code'; d = 'country calling code with a plus sign, e.g. +44' }, @{ n = '--password-stdin'; d = 'read the password (first line) from stdin instead of prompting' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--name', '--email', '--phone', '--country-code')
        argv = @()
        variadic = $false
    }
    $nodes['auth login'] = @{
        subs = @()
        opts = @(@{ n = '--identifier'; d = 'email address or phone number' }, @{ n = '--show-token'; d = 'print the session token (masked otherwise)' }, @{ n = '--password-stdin'; d = 'read the password (first line) from stdin instead of prompting' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--identifier')
        argv = @()
        variadic = $false
    }
    $nodes['auth verify-otp'] = @{
        subs = @()
        opts = @(@{ n = '--email'; d = 'email address' }, @{ n = '--otp'; d = 'the code received' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--email', '--otp')
        argv = @()
        variadic = $false
    }
    $nodes['auth resend-otp'] = @{
        subs = @()
        opts = @(@{ n = '--email'; d = 'email address' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--email')
        argv = @()
        variadic = $false
    }
    $nodes['auth forgot-password'] = @{
        subs = @()
        opts = @(@{ n = '--email'; d = 'email address' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--email')
        argv = @()
        variadic = $false
    }
    $nodes['auth reset-password'] = @{
        subs = @()
        opts = @(@{ n = '--email'; d = 'email address' }, @{ n = '--password-stdin'; d = 'read the new password (first line) from stdin instead of prompting' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--email')
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
    $nodes['auth update-profile'] = @{
        subs = @()
        opts = @(@{ n = '--name'; d = 'new name' }, @{ n = '--phone'; d = 'new national phone number' }, @{ n = '--data'; d = 'request body as JSON, @file or - (stdin); flags override its fields' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--name', '--phone', '--data')
        argv = @()
        variadic = $false
    }
    $nodes['auth permissions'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['auth change-password'] = @{
        subs = @()
        opts = @(@{ n = '--password-stdin'; d = 'read the current password (line 1) and the new one (line 2) from stdin instead of prompting' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['auth logout'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['mcp'] = @{
        subs = @(@{ n = 'health'; d = 'Check the tool endpoint (GET {mcp_url}/healthz)' }, @{ n = 'tools'; d = 'List the tools with their arguments (* = required)' }, @{ n = 'call'; d = 'Call a tool; arguments are typed and checked by its input schema' }, @{ n = 'serve'; d = 'Serve the service''s operations as MCP tools to AI agents (stdio, or --http on 127.0.0.1)' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['mcp health'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['mcp tools'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['mcp call'] = @{
        subs = @()
        opts = @(@{ n = '--arg'; d = 'an argument (repeat; arrays by repeating the key, objects by key.sub=value or JSON)' }, @{ n = '--args'; d = 'all arguments as a JSON object, @file or - (stdin); --arg overrides' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--arg', '--args')
        argv = @('')
        variadic = $false
    }
    $nodes['mcp serve'] = @{
        subs = @()
        opts = @(@{ n = '--http'; d = 'serve streamable HTTP on 127.0.0.1 instead of stdio (a bearer token is printed at start)' }, @{ n = '--port'; d = 'port for --http (default: any free port, printed at start)' }, @{ n = '--toolsets'; d = 'comma-separated toolsets, `all`, or `default` (chat,templates,flows,contacts,segments,tags) (env CHATCRM_TOOLSETS)' }, @{ n = '--tools'; d = 'comma-separated tools to offer as well; alone, only these (env CHATCRM_TOOLS)' }, @{ n = '--exclude-tools'; d = 'comma-separated tools never to offer (env CHATCRM_EXCLUDE_TOOLS)' }, @{ n = '--read-only'; d = 'offer only reads and offline tools; wins over every other flag (env CHATCRM_READ_ONLY=1)' }, @{ n = '--dynamic-toolsets'; d = 'start with list_toolsets/enable_toolset; the agent enables what it needs (env CHATCRM_DYNAMIC_TOOLSETS=1)' }, @{ n = '--allow-destructive'; d = 'offer deletes and subscription cancel (each call needs confirm: true)' }, @{ n = '--max-sends'; d = 'most messages this server may send; later sends are refused' }, @{ n = '--upload-dir'; d = 'offer the upload tools (chat_send_file, reply_materials_create, ...), reading files from this folder only' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--port', '--toolsets', '--tools', '--exclude-tools', '--max-sends', '--upload-dir')
        argv = @()
        variadic = $false
    }
    $nodes['webhook'] = @{
        subs = @(@{ n = 'sign'; d = 'Print sha256=<hex> HMAC-SHA256 of the exact bytes of a payload' }, @{ n = 'verify'; d = 'Check a signature against a payload (exit 0 match, 1 mismatch)' }, @{ n = 'send'; d = 'POST a signed event to {base_url}/webhook/chat' }, @{ n = 'challenge'; d = 'Run the verification challenge against {base_url}/webhook/chat' })
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
        variadic = $false
    }
    $nodes['webhook sign'] = @{
        subs = @()
        opts = @(@{ n = '--file'; d = 'payload file, or - for stdin (default: stdin)' }, @{ n = '--secret-file'; d = 'file holding the app secret (else env CHATCRM_WEBHOOK_SECRET)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--file', '--secret-file')
        argv = @()
        variadic = $false
    }
    $nodes['webhook verify'] = @{
        subs = @()
        opts = @(@{ n = '--signature'; d = 'the x-hub-signature-256 value, sha256=<hex>' }, @{ n = '--file'; d = 'payload file, or - for stdin (default: stdin)' }, @{ n = '--secret-file'; d = 'file holding the app secret (else env CHATCRM_WEBHOOK_SECRET)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--signature', '--file', '--secret-file')
        argv = @()
        variadic = $false
    }
    $nodes['webhook send'] = @{
        subs = @()
        opts = @(@{ n = '--file'; d = 'payload file, or - for stdin; sent byte for byte' }, @{ n = '--event'; d = 'send a built-in sample event' }, @{ n = '--from'; d = 'sample message: sender phone number' }, @{ n = '--text'; d = 'sample message: text' }, @{ n = '--message-id'; d = 'sample status: id of the message it is about' }, @{ n = '--status'; d = 'sample status: the state it reports (default: delivered)' }, @{ n = '--secret-file'; d = 'file holding the app secret (else env CHATCRM_WEBHOOK_SECRET)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--file', '--event', '--from', '--text', '--message-id', '--status', '--secret-file')
        argv = @()
        variadic = $false
    }
    $nodes['webhook challenge'] = @{
        subs = @()
        opts = @(@{ n = '--verify-token'; d = 'the verify token the endpoint expects' }, @{ n = '--challenge'; d = 'challenge to echo (default: random)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--verify-token', '--challenge')
        argv = @()
        variadic = $false
    }
    $nodes['login'] = @{
        subs = @()
        opts = @(@{ n = '--with-key'; d = 'read the API key from stdin (for CI)' }, @{ n = '--default-sender'; d = 'default sender for chat commands' }, @{ n = '--business-account'; d = 'default business account for templates' }, @{ n = '--allow-http'; d = 'allow sending the key over plain http to a non-loopback address (saved in the profile)' }, @{ n = '--no-verify'; d = 'save without checking the key against the service' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
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
        argv = @('base-url mcp-url default-sender business-account allow-http output', '')
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
        opts = @(@{ n = '-f'; d = 'body field (repeatable; dot paths nest, key[]=v appends, key:=JSON for numbers/booleans/objects); query parameter for GET and DELETE' }, @{ n = '--field'; d = 'body field (repeatable; dot paths nest, key[]=v appends, key:=JSON for numbers/booleans/objects); query parameter for GET and DELETE' }, @{ n = '-F'; d = 'multipart field: key=@file uploads a file, key=value a plain field (repeatable)' }, @{ n = '--file-field'; d = 'multipart field: key=@file uploads a file, key=value a plain field (repeatable)' }, @{ n = '--input'; d = 'request body from a file, or - for stdin (sent as JSON when it parses as JSON)' }, @{ n = '-H'; d = 'extra header ''Name: value'' (repeatable)' }, @{ n = '--header'; d = 'extra header ''Name: value'' (repeatable)' }, @{ n = '--mcp'; d = 'send to the tool endpoint (PATH relative to --mcp-url)' }, @{ n = '--paginate'; d = 'follow every page of a GET and print the records of all of them (json; -o jsonl/csv stream)' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('-f', '--field', '-F', '--file-field', '--input', '-H', '--header')
        argv = @('GET POST PUT PATCH DELETE', '')
        variadic = $false
    }
    $nodes['openapi'] = @{
        subs = @()
        opts = @(@{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @()
        argv = @()
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
        opts = @(@{ n = '--port'; d = 'port (default: a free one)' }, @{ n = '--host'; d = 'address to listen on' }, @{ n = '--state'; d = 'keep state in this file (written atomically)' }, @{ n = '--api-key'; d = 'the key the sandbox accepts (default: random)' }, @{ n = '--webhook-secret'; d = 'app secret for /webhook/chat signatures (default: random)' }, @{ n = '--verify-token'; d = 'verify token for the webhook challenge' }, @{ n = '--seed-records'; d = 'add N generated records to every list (contacts, tags, segments, flows, templates, campaigns, ...) to try paging' }, @{ n = '-h'; d = 'show help' }, @{ n = '--help'; d = 'show help' })
        vopts = @('--port', '--host', '--state', '--api-key', '--webhook-secret', '--verify-token', '--seed-records')
        argv = @()
        variadic = $false
    }
    $next = [hashtable]::new([StringComparer]::Ordinal)
    $next['|chat'] = 'chat'
    $next['|templates'] = 'templates'
    $next['|flows'] = 'flows'
    $next['|contacts'] = 'contacts'
    $next['|campaigns'] = 'campaigns'
    $next['|segments'] = 'segments'
    $next['|tags'] = 'tags'
    $next['|custom-fields'] = 'custom-fields'
    $next['|currencies'] = 'currencies'
    $next['|subscription'] = 'subscription'
    $next['|teams'] = 'teams'
    $next['|taxes'] = 'taxes'
    $next['|quick-replies'] = 'quick-replies'
    $next['|chatbots'] = 'chatbots'
    $next['|message-status'] = 'message-status'
    $next['|reply-materials'] = 'reply-materials'
    $next['|notifications'] = 'notifications'
    $next['|auth'] = 'auth'
    $next['|mcp'] = 'mcp'
    $next['|webhook'] = 'webhook'
    $next['|login'] = 'login'
    $next['|logout'] = 'logout'
    $next['|profiles'] = 'profiles'
    $next['|whoami'] = 'whoami'
    $next['|doctor'] = 'doctor'
    $next['|api'] = 'api'
    $next['|openapi'] = 'openapi'
    $next['|completion'] = 'completion'
    $next['|sandbox'] = 'sandbox'
    $next['chat|senders'] = 'chat senders'
    $next['chat|send'] = 'chat send'
    $next['chat|send-batch'] = 'chat send-batch'
    $next['chat|groups'] = 'chat groups'
    $next['chat groups|list'] = 'chat groups list'
    $next['chat groups|members'] = 'chat groups members'
    $next['chat groups|send'] = 'chat groups send'
    $next['templates|list'] = 'templates list'
    $next['templates|create'] = 'templates create'
    $next['templates|preview'] = 'templates preview'
    $next['flows|list'] = 'flows list'
    $next['flows|get'] = 'flows get'
    $next['flows|create'] = 'flows create'
    $next['flows|update'] = 'flows update'
    $next['flows|delete'] = 'flows delete'
    $next['flows|toggle'] = 'flows toggle'
    $next['flows|toggle-pause'] = 'flows toggle-pause'
    $next['flows|test'] = 'flows test'
    $next['flows|node-types'] = 'flows node-types'
    $next['flows|suggest'] = 'flows suggest'
    $next['flows|executions'] = 'flows executions'
    $next['flows|execution'] = 'flows execution'
    $next['flows|stats'] = 'flows stats'
    $next['flows|statistics'] = 'flows stats'
    $next['flows|validate'] = 'flows validate'
    $next['contacts|list'] = 'contacts list'
    $next['contacts|create'] = 'contacts create'
    $next['contacts|import'] = 'contacts import'
    $next['contacts|stats'] = 'contacts stats'
    $next['contacts|funnels'] = 'contacts funnels'
    $next['contacts|funnel-action'] = 'contacts funnel-action'
    $next['contacts|add-to-segments'] = 'contacts add-to-segments'
    $next['contacts|export'] = 'contacts export'
    $next['contacts|export-status'] = 'contacts export-status'
    $next['contacts|export-download'] = 'contacts export-download'
    $next['campaigns|send'] = 'campaigns send'
    $next['campaigns|list'] = 'campaigns list'
    $next['campaigns|insights'] = 'campaigns insights'
    $next['campaigns|report'] = 'campaigns report'
    $next['campaigns|publish'] = 'campaigns publish'
    $next['campaigns|recurring'] = 'campaigns recurring'
    $next['segments|list'] = 'segments list'
    $next['segments|get'] = 'segments get'
    $next['segments|create'] = 'segments create'
    $next['segments|update'] = 'segments update'
    $next['segments|delete'] = 'segments delete'
    $next['segments|delete-many'] = 'segments delete-many'
    $next['segments|add-contacts'] = 'segments add-contacts'
    $next['segments|remove-contacts'] = 'segments remove-contacts'
    $next['segments|contacts'] = 'segments contacts'
    $next['tags|create'] = 'tags create'
    $next['tags|list'] = 'tags list'
    $next['tags|get'] = 'tags get'
    $next['tags|update'] = 'tags update'
    $next['tags|delete'] = 'tags delete'
    $next['tags|delete-many'] = 'tags delete'
    $next['tags|popular'] = 'tags popular'
    $next['tags|usage'] = 'tags usage'
    $next['custom-fields|list'] = 'custom-fields list'
    $next['custom-fields|get'] = 'custom-fields get'
    $next['custom-fields|create'] = 'custom-fields create'
    $next['custom-fields|update'] = 'custom-fields update'
    $next['custom-fields|delete'] = 'custom-fields delete'
    $next['custom-fields|delete-many'] = 'custom-fields delete'
    $next['custom-fields|status'] = 'custom-fields status'
    $next['currencies|list'] = 'currencies list'
    $next['currencies|exchange-rate'] = 'currencies exchange-rate'
    $next['currencies|get'] = 'currencies get'
    $next['currencies|create'] = 'currencies create'
    $next['currencies|update'] = 'currencies update'
    $next['currencies|delete'] = 'currencies delete'
    $next['currencies|delete-many'] = 'currencies delete'
    $next['currencies|toggle-status'] = 'currencies toggle-status'
    $next['currencies|toggle-default'] = 'currencies toggle-default'
    $next['subscription|show'] = 'subscription show'
    $next['subscription|usage'] = 'subscription usage'
    $next['subscription|checkout-url'] = 'subscription checkout-url'
    $next['subscription|create'] = 'subscription create'
    $next['subscription|cancel'] = 'subscription cancel'
    $next['subscription|resume'] = 'subscription resume'
    $next['teams|list'] = 'teams list'
    $next['teams|permissions'] = 'teams permissions'
    $next['teams|get'] = 'teams get'
    $next['teams|create'] = 'teams create'
    $next['teams|update'] = 'teams update'
    $next['teams|delete'] = 'teams delete'
    $next['teams|toggle-status'] = 'teams toggle-status'
    $next['taxes|list'] = 'taxes list'
    $next['taxes|get'] = 'taxes get'
    $next['taxes|create'] = 'taxes create'
    $next['taxes|update'] = 'taxes update'
    $next['taxes|delete'] = 'taxes delete'
    $next['taxes|delete-many'] = 'taxes delete-many'
    $next['quick-replies|list'] = 'quick-replies list'
    $next['quick-replies|create'] = 'quick-replies create'
    $next['quick-replies|update'] = 'quick-replies update'
    $next['quick-replies|delete'] = 'quick-replies delete'
    $next['quick-replies|favorite'] = 'quick-replies favorite'
    $next['chatbots|list'] = 'chatbots list'
    $next['chatbots|get'] = 'chatbots get'
    $next['chatbots|create'] = 'chatbots create'
    $next['chatbots|update'] = 'chatbots update'
    $next['chatbots|delete'] = 'chatbots delete'
    $next['chatbots|train'] = 'chatbots train'
    $next['chatbots|scrape'] = 'chatbots scrape'
    $next['chatbots|extract-doc'] = 'chatbots extract-doc'
    $next['message-status|delivery'] = 'message-status delivery'
    $next['message-status|read'] = 'message-status read'
    $next['message-status|chat-status'] = 'message-status chat-status'
    $next['message-status|bulk-delivery'] = 'message-status bulk-delivery'
    $next['message-status|bulk-read'] = 'message-status bulk-read'
    $next['message-status|user'] = 'message-status user'
    $next['message-status|get'] = 'message-status get'
    $next['reply-materials|list'] = 'reply-materials list'
    $next['reply-materials|get'] = 'reply-materials get'
    $next['reply-materials|create'] = 'reply-materials create'
    $next['reply-materials|update'] = 'reply-materials update'
    $next['reply-materials|delete'] = 'reply-materials delete'
    $next['reply-materials|delete-many'] = 'reply-materials delete-many'
    $next['notifications|list'] = 'notifications list'
    $next['notifications|create'] = 'notifications create'
    $next['notifications|read-all'] = 'notifications read-all'
    $next['notifications|read'] = 'notifications read'
    $next['auth|register'] = 'auth register'
    $next['auth|login'] = 'auth login'
    $next['auth|verify-otp'] = 'auth verify-otp'
    $next['auth|resend-otp'] = 'auth resend-otp'
    $next['auth|forgot-password'] = 'auth forgot-password'
    $next['auth|reset-password'] = 'auth reset-password'
    $next['auth|profile'] = 'auth profile'
    $next['auth|update-profile'] = 'auth update-profile'
    $next['auth|permissions'] = 'auth permissions'
    $next['auth|change-password'] = 'auth change-password'
    $next['auth|logout'] = 'auth logout'
    $next['mcp|health'] = 'mcp health'
    $next['mcp|tools'] = 'mcp tools'
    $next['mcp|call'] = 'mcp call'
    $next['mcp|serve'] = 'mcp serve'
    $next['webhook|sign'] = 'webhook sign'
    $next['webhook|verify'] = 'webhook verify'
    $next['webhook|send'] = 'webhook send'
    $next['webhook|challenge'] = 'webhook challenge'
    $next['profiles|list'] = 'profiles list'
    $next['profiles|show'] = 'profiles show'
    $next['profiles|use'] = 'profiles use'
    $next['profiles|set'] = 'profiles set'
    $next['profiles|remove'] = 'profiles remove'
    $values = [hashtable]::new([StringComparer]::Ordinal)
    $values['templates create|--category'] = 'MARKETING UTILITY AUTHENTICATION'
    $values['templates preview|--category'] = 'MARKETING UTILITY AUTHENTICATION'
    $values['flows list|--status'] = 'active draft paused all'
    $values['campaigns recurring|--pattern'] = 'daily weekly monthly'
    $values['custom-fields status|--active'] = 'true false'
    $values['subscription create|--gateway'] = 'gatewayone gatewaytwo gatewaythree'
    $values['message-status chat-status|--status'] = 'delivered read'
    $values['webhook send|--event'] = 'message status'
    $values['webhook send|--status'] = 'sent delivered read failed'
    $values['*|-o'] = 'table json jsonl csv yaml'
    $values['*|--output'] = 'table json jsonl csv yaml'
    $gopts = @(@{ n = '-p'; d = 'stored profile to use (env CHATCRM_PROFILE)' }, @{ n = '--profile'; d = 'stored profile to use (env CHATCRM_PROFILE)' }, @{ n = '--base-url'; d = 'API address (env CHATCRM_BASE_URL)' }, @{ n = '--mcp-url'; d = 'tool endpoint address, defaults to the base URL (env CHATCRM_MCP_URL)' }, @{ n = '-o'; d = 'output format (env CHATCRM_OUTPUT)' }, @{ n = '--output'; d = 'output format (env CHATCRM_OUTPUT)' }, @{ n = '--json'; d = 'same as -o json' }, @{ n = '--fields'; d = 'comma-separated fields (dot paths) to show' }, @{ n = '--query'; d = 'JMESPath expression applied to the records (or the body, for api) before printing' }, @{ n = '-q'; d = 'print only ids, one a line' }, @{ n = '--quiet'; d = 'print only ids, one a line' }, @{ n = '--verbose'; d = 'HTTP trace on stderr, key redacted (env CHATCRM_DEBUG=1)' }, @{ n = '--dry-run'; d = 'print the request that would be sent and send nothing' }, @{ n = '--timeout'; d = 'per-request timeout (default 30)' }, @{ n = '--retries'; d = 'retries for requests safe to repeat (default 2)' }, @{ n = '-y'; d = 'confirm destructive actions without a prompt' }, @{ n = '--yes'; d = 'confirm destructive actions without a prompt' }, @{ n = '--no-input'; d = 'never prompt (implied without a TTY or with CI set)' }, @{ n = '--no-color'; d = 'plain output (env NO_COLOR)' })
    $gvopts = @('-p', '--profile', '--base-url', '--mcp-url', '-o', '--output', '--fields', '--query', '--timeout', '--retries')

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
