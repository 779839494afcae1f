# bash completion for chatcrm. Generated from the command tree by `npm run gen`: do not edit.
# Load it with: source <(chatcrm completion bash), or copy it to /etc/bash_completion.d/chatcrm

_chatcrm_gopts='-p --profile --base-url --mcp-url -o --output --json --fields --query -q --quiet --verbose --dry-run --timeout --retries -y --yes --no-input --no-color'
_chatcrm_gvopts='-p --profile --base-url --mcp-url -o --output --fields --query --timeout --retries'

_chatcrm_node() {
  subs='' opts='' vopts='' argsv=0
  args=()
  case "$1" in
    '') subs='chat templates flows contacts campaigns segments tags custom-fields currencies subscription teams taxes quick-replies chatbots message-status reply-materials notifications auth mcp webhook login logout profiles whoami doctor api openapi completion sandbox'; opts='-V --version -h --help'; vopts='' ;;
    'chat') subs='senders send send-batch groups'; opts='-h --help'; vopts='' ;;
    'chat senders') subs=''; opts='--page --limit --all --max-items -h --help'; vopts='--page --limit --max-items' ;;
    'chat send') subs=''; opts='--to --sender --text --image --video --audio --document --caption --filename --location --name --address --template --language --var --header-media --react --emoji --message --via-mcp -h --help'; vopts='--to --sender --text --image --video --audio --document --caption --filename --location --name --address --template --language --var --header-media --react --emoji --message' ;;
    'chat send-batch') subs=''; opts='--sender --text --image --video --audio --document --caption --filename --location --name --address --template --language --var --header-media --react --emoji --message --concurrency --rate --journal --resume --restart --retry-uncertain --results --max-errors --strict --delimiter -h --help'; vopts='--sender --text --image --video --audio --document --caption --filename --location --name --address --template --language --var --header-media --react --emoji --message --concurrency --rate --journal --results --max-errors --delimiter'; args=('') ;;
    'chat groups') subs='list members send'; opts='-h --help'; vopts='' ;;
    'chat groups list') subs=''; opts='--sender --page --limit --all --max-items -h --help'; vopts='--sender --page --limit --max-items' ;;
    'chat groups members') subs=''; opts='--sender --page --limit --all --max-items -h --help'; vopts='--sender --page --limit --max-items'; args=('') ;;
    'chat groups send') subs=''; opts='--group-id --group-name --text --mention --sender -h --help'; vopts='--group-id --group-name --text --mention --sender' ;;
    'templates') subs='list create preview'; opts='-h --help'; vopts='' ;;
    'templates list') subs=''; opts='--page --limit --all --max-items --search -h --help'; vopts='--page --limit --max-items --search' ;;
    'templates create') subs=''; opts='--account --name --category --language --header --body --footer --example --button --security-recommendation --code-expiration --otp-length --otp-copy-button --limited-time-offer --offer-text --has-expiration --file -h --help'; vopts='--account --name --category --language --header --body --footer --example --button --code-expiration --otp-length --otp-copy-button --offer-text --file' ;;
    'templates preview') subs=''; opts='--account --name --category --language --header --body --footer --example --button --security-recommendation --code-expiration --otp-length --otp-copy-button --limited-time-offer --offer-text --has-expiration --file -h --help'; vopts='--account --name --category --language --header --body --footer --example --button --code-expiration --otp-length --otp-copy-button --offer-text --file' ;;
    'flows') subs='list get create update delete toggle toggle-pause test node-types suggest executions execution stats validate'; opts='-h --help'; vopts='' ;;
    'flows list') subs=''; opts='--status --page --limit --all --max-items -h --help'; vopts='--status --page --limit --max-items' ;;
    'flows get') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'flows create') subs=''; opts='--file --name --keyword --prefix --platform --active --inactive --return-to -h --help'; vopts='--file --name --keyword --prefix --platform --return-to' ;;
    'flows update') subs=''; opts='--file --name --keyword --prefix --platform --active --inactive --return-to -h --help'; vopts='--file --name --keyword --prefix --platform --return-to'; args=('') ;;
    'flows delete') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'flows toggle') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'flows toggle-pause') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'flows test') subs=''; opts='--message --message-type -h --help'; vopts='--message --message-type'; args=('') ;;
    'flows node-types') subs=''; opts='-h --help'; vopts='' ;;
    'flows suggest') subs=''; opts='--business-name --language --industry --purpose --action --tone --occasion --details --platform --out -h --help'; vopts='--business-name --language --industry --purpose --action --tone --occasion --details --platform --out' ;;
    'flows executions') subs=''; opts='--page --limit --all --max-items -h --help'; vopts='--page --limit --max-items'; args=('') ;;
    'flows execution') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'flows stats') subs=''; opts='-h --help'; vopts='' ;;
    'flows validate') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'contacts') subs='list create import stats funnels funnel-action add-to-segments export export-status export-download'; opts='-h --help'; vopts='' ;;
    'contacts list') subs=''; opts='--page --limit --all --max-items --search -h --help'; vopts='--page --limit --max-items --search' ;;
    'contacts create') subs=''; opts='--phone --name --email --source --status --tag --field -h --help'; vopts='--phone --name --email --source --status --tag --field' ;;
    'contacts import') subs=''; opts='--concurrency --rate --journal --resume --restart --retry-uncertain --results --max-errors --strict --delimiter -h --help'; vopts='--concurrency --rate --journal --results --max-errors --delimiter'; args=('') ;;
    'contacts stats') subs=''; opts='-h --help'; vopts='' ;;
    'contacts funnels') subs=''; opts='-h --help'; vopts='' ;;
    'contacts funnel-action') subs=''; opts='--contact --status --data -h --help'; vopts='--contact --status --data' ;;
    'contacts add-to-segments') subs=''; opts='--segment --contact --data -h --help'; vopts='--segment --contact --data' ;;
    'contacts export') subs=''; opts='--segment --data -h --help'; vopts='--segment --data' ;;
    'contacts export-status') subs=''; opts='--wait --wait-timeout --interval -h --help'; vopts='--wait-timeout --interval'; args=('') ;;
    'contacts export-download') subs=''; opts='-O --output-file --force -h --help'; vopts='-O --output-file'; args=('') ;;
    'campaigns') subs='send list insights report publish recurring'; opts='-h --help'; vopts='' ;;
    'campaigns send') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'campaigns list') subs=''; opts='--page --limit --all --max-items --search -h --help'; vopts='--page --limit --max-items --search' ;;
    'campaigns insights') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'campaigns report') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'campaigns publish') subs=''; opts='--data -h --help'; vopts='--data'; args=('') ;;
    'campaigns recurring') subs=''; opts='--pattern --off --data -h --help'; vopts='--pattern --data'; args=('') ;;
    'segments') subs='list get create update delete delete-many add-contacts remove-contacts contacts'; opts='-h --help'; vopts='' ;;
    'segments list') subs=''; opts='--page --limit --all --max-items --search -h --help'; vopts='--page --limit --max-items --search' ;;
    'segments get') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'segments create') subs=''; opts='--name --filters --data -h --help'; vopts='--name --filters --data' ;;
    'segments update') subs=''; opts='--name --filters --data -h --help'; vopts='--name --filters --data'; args=('') ;;
    'segments delete') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'segments delete-many') subs=''; opts='-h --help'; vopts=''; args=(''); argsv=1 ;;
    'segments add-contacts') subs=''; opts='-h --help'; vopts=''; args=('' ''); argsv=1 ;;
    'segments remove-contacts') subs=''; opts='-h --help'; vopts=''; args=('' ''); argsv=1 ;;
    'segments contacts') subs=''; opts='--page --limit --all --max-items --search -h --help'; vopts='--page --limit --max-items --search'; args=('') ;;
    'tags') subs='create list get update delete popular usage'; opts='-h --help'; vopts='' ;;
    'tags create') subs=''; opts='--name --color --data -h --help'; vopts='--name --color --data' ;;
    'tags list') subs=''; opts='--page --limit --all --max-items --search -h --help'; vopts='--page --limit --max-items --search' ;;
    'tags get') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'tags update') subs=''; opts='--name --color --data -h --help'; vopts='--name --color --data'; args=('') ;;
    'tags delete') subs=''; opts='-h --help'; vopts=''; args=(''); argsv=1 ;;
    'tags popular') subs=''; opts='-h --help'; vopts='' ;;
    'tags usage') subs=''; opts='-h --help'; vopts='' ;;
    'custom-fields') subs='list get create update delete status'; opts='-h --help'; vopts='' ;;
    'custom-fields list') subs=''; opts='--page --limit --all --max-items --search -h --help'; vopts='--page --limit --max-items --search' ;;
    'custom-fields get') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'custom-fields create') subs=''; opts='--name --type --data -h --help'; vopts='--name --type --data' ;;
    'custom-fields update') subs=''; opts='--name --type --data -h --help'; vopts='--name --type --data'; args=('') ;;
    'custom-fields delete') subs=''; opts='-h --help'; vopts=''; args=(''); argsv=1 ;;
    'custom-fields status') subs=''; opts='--id --active --data -h --help'; vopts='--id --active --data' ;;
    'currencies') subs='list exchange-rate get create update delete toggle-status toggle-default'; opts='-h --help'; vopts='' ;;
    'currencies list') subs=''; opts='--page --limit --all --max-items --search -h --help'; vopts='--page --limit --max-items --search' ;;
    'currencies exchange-rate') subs=''; opts='-h --help'; vopts='' ;;
    'currencies get') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'currencies create') subs=''; opts='--code --name --symbol --data -h --help'; vopts='--code --name --symbol --data' ;;
    'currencies update') subs=''; opts='--code --name --symbol --data -h --help'; vopts='--code --name --symbol --data'; args=('') ;;
    'currencies delete') subs=''; opts='-h --help'; vopts=''; args=(''); argsv=1 ;;
    'currencies toggle-status') subs=''; opts='--data -h --help'; vopts='--data'; args=('') ;;
    'currencies toggle-default') subs=''; opts='--data -h --help'; vopts='--data'; args=('') ;;
    'subscription') subs='show usage checkout-url create cancel resume'; opts='-h --help'; vopts='' ;;
    'subscription show') subs=''; opts='-h --help'; vopts='' ;;
    'subscription usage') subs=''; opts='-h --help'; vopts='' ;;
    'subscription checkout-url') subs=''; opts='--plan -h --help'; vopts='--plan' ;;
    'subscription create') subs=''; opts='--gateway --plan -h --help'; vopts='--gateway --plan' ;;
    'subscription cancel') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'subscription resume') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'teams') subs='list permissions get create update delete toggle-status'; opts='-h --help'; vopts='' ;;
    'teams list') subs=''; opts='--page --limit --all --max-items --search -h --help'; vopts='--page --limit --max-items --search' ;;
    'teams permissions') subs=''; opts='-h --help'; vopts='' ;;
    'teams get') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'teams create') subs=''; opts='--name --member --data -h --help'; vopts='--name --member --data' ;;
    'teams update') subs=''; opts='--name --member --data -h --help'; vopts='--name --member --data'; args=('') ;;
    'teams delete') subs=''; opts='-h --help'; vopts=''; args=(''); argsv=1 ;;
    'teams toggle-status') subs=''; opts='--data -h --help'; vopts='--data'; args=('') ;;
    'taxes') subs='list get create update delete delete-many'; opts='-h --help'; vopts='' ;;
    'taxes list') subs=''; opts='--page --limit --all --max-items --search -h --help'; vopts='--page --limit --max-items --search' ;;
    'taxes get') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'taxes create') subs=''; opts='--name --rate --data -h --help'; vopts='--name --rate --data' ;;
    'taxes update') subs=''; opts='--name --rate --data -h --help'; vopts='--name --rate --data'; args=('') ;;
    'taxes delete') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'taxes delete-many') subs=''; opts='-h --help'; vopts=''; args=(''); argsv=1 ;;
    'quick-replies') subs='list create update delete favorite'; opts='-h --help'; vopts='' ;;
    'quick-replies list') subs=''; opts='--page --limit --all --max-items --search --admin -h --help'; vopts='--page --limit --max-items --search' ;;
    'quick-replies create') subs=''; opts='--title --message --data -h --help'; vopts='--title --message --data' ;;
    'quick-replies update') subs=''; opts='--title --message --data -h --help'; vopts='--title --message --data'; args=('') ;;
    'quick-replies delete') subs=''; opts='-h --help'; vopts=''; args=(''); argsv=1 ;;
    'quick-replies favorite') subs=''; opts='--data -h --help'; vopts='--data'; args=('') ;;
    'chatbots') subs='list get create update delete train scrape extract-doc'; opts='-h --help'; vopts='' ;;
    'chatbots list') subs=''; opts='--page --limit --all --max-items --search -h --help'; vopts='--page --limit --max-items --search' ;;
    'chatbots get') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'chatbots create') subs=''; opts='--name --data -h --help'; vopts='--name --data' ;;
    'chatbots update') subs=''; opts='--name --data -h --help'; vopts='--name --data'; args=('') ;;
    'chatbots delete') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'chatbots train') subs=''; opts='--data -h --help'; vopts='--data'; args=('') ;;
    'chatbots scrape') subs=''; opts='--url --chatbot --data -h --help'; vopts='--url --chatbot --data' ;;
    'chatbots extract-doc') subs=''; opts='--chatbot -h --help'; vopts='--chatbot'; args=('') ;;
    'message-status') subs='delivery read chat-status bulk-delivery bulk-read user get'; opts='-h --help'; vopts='' ;;
    'message-status delivery') subs=''; opts='--data -h --help'; vopts='--data'; args=('') ;;
    'message-status read') subs=''; opts='--data -h --help'; vopts='--data'; args=('') ;;
    'message-status chat-status') subs=''; opts='--message-id --status --data -h --help'; vopts='--message-id --status --data' ;;
    'message-status bulk-delivery') subs=''; opts='--message-id --data -h --help'; vopts='--message-id --data' ;;
    'message-status bulk-read') subs=''; opts='--message-id --data -h --help'; vopts='--message-id --data' ;;
    'message-status user') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'message-status get') subs=''; opts='-h --help'; vopts=''; args=(''); argsv=1 ;;
    'reply-materials') subs='list get create update delete delete-many'; opts='-h --help'; vopts='' ;;
    'reply-materials list') subs=''; opts='--page --limit --all --max-items --search -h --help'; vopts='--page --limit --max-items --search' ;;
    'reply-materials get') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'reply-materials create') subs=''; opts='--title --file -h --help'; vopts='--title --file' ;;
    'reply-materials update') subs=''; opts='--file --title -h --help'; vopts='--file --title'; args=('') ;;
    'reply-materials delete') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'reply-materials delete-many') subs=''; opts='-h --help'; vopts=''; args=(''); argsv=1 ;;
    'notifications') subs='list create read-all read'; opts='-h --help'; vopts='' ;;
    'notifications list') subs=''; opts='--page --limit --all --max-items --search -h --help'; vopts='--page --limit --max-items --search' ;;
    'notifications create') subs=''; opts='--title --message --data -h --help'; vopts='--title --message --data' ;;
    'notifications read-all') subs=''; opts='--data -h --help'; vopts='--data' ;;
    'notifications read') subs=''; opts='--data -h --help'; vopts='--data'; args=('') ;;
    'auth') subs='register login verify-otp resend-otp forgot-password reset-password profile update-profile permissions change-password logout'; opts='-h --help'; vopts='' ;;
    'auth register') subs=''; opts='--name --email --phone --country-code --password-stdin -h --help'; vopts='--name --email --phone --country-code' ;;
    'auth login') subs=''; opts='--identifier --show-token --password-stdin -h --help'; vopts='--identifier' ;;
    'auth verify-otp') subs=''; opts='--email --otp -h --help'; vopts='--email --otp' ;;
    'auth resend-otp') subs=''; opts='--email -h --help'; vopts='--email' ;;
    'auth forgot-password') subs=''; opts='--email -h --help'; vopts='--email' ;;
    'auth reset-password') subs=''; opts='--email --password-stdin -h --help'; vopts='--email' ;;
    'auth profile') subs=''; opts='-h --help'; vopts='' ;;
    'auth update-profile') subs=''; opts='--name --phone --data -h --help'; vopts='--name --phone --data' ;;
    'auth permissions') subs=''; opts='-h --help'; vopts='' ;;
    'auth change-password') subs=''; opts='--password-stdin -h --help'; vopts='' ;;
    'auth logout') subs=''; opts='-h --help'; vopts='' ;;
    'mcp') subs='health tools call serve'; opts='-h --help'; vopts='' ;;
    'mcp health') subs=''; opts='-h --help'; vopts='' ;;
    'mcp tools') subs=''; opts='-h --help'; vopts='' ;;
    'mcp call') subs=''; opts='--arg --args -h --help'; vopts='--arg --args'; args=('') ;;
    'mcp serve') subs=''; opts='--http --port --toolsets --tools --exclude-tools --read-only --dynamic-toolsets --allow-destructive --max-sends --upload-dir -h --help'; vopts='--port --toolsets --tools --exclude-tools --max-sends --upload-dir' ;;
    'webhook') subs='sign verify send challenge'; opts='-h --help'; vopts='' ;;
    'webhook sign') subs=''; opts='--file --secret-file -h --help'; vopts='--file --secret-file' ;;
    'webhook verify') subs=''; opts='--signature --file --secret-file -h --help'; vopts='--signature --file --secret-file' ;;
    'webhook send') subs=''; opts='--file --event --from --text --message-id --status --secret-file -h --help'; vopts='--file --event --from --text --message-id --status --secret-file' ;;
    'webhook challenge') subs=''; opts='--verify-token --challenge -h --help'; vopts='--verify-token --challenge' ;;
    'login') subs=''; opts='--with-key --default-sender --business-account --allow-http --no-verify -h --help'; vopts='--default-sender --business-account' ;;
    'logout') subs=''; opts='-h --help'; vopts='' ;;
    'profiles') subs='list show use set remove'; opts='-h --help'; vopts='' ;;
    'profiles list') subs=''; opts='-h --help'; vopts='' ;;
    'profiles show') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'profiles use') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'profiles set') subs=''; opts='-h --help'; vopts=''; args=('base-url mcp-url default-sender business-account allow-http output' '') ;;
    'profiles remove') subs=''; opts='-h --help'; vopts=''; args=('') ;;
    'whoami') subs=''; opts='-h --help'; vopts='' ;;
    'doctor') subs=''; opts='-h --help'; vopts='' ;;
    'api') subs=''; opts='-f --field -F --file-field --input -H --header --mcp --paginate -h --help'; vopts='-f --field -F --file-field --input -H --header'; args=('GET POST PUT PATCH DELETE' '') ;;
    'openapi') subs=''; opts='-h --help'; vopts='' ;;
    'completion') subs=''; opts='-h --help'; vopts=''; args=('bash zsh fish powershell') ;;
    'sandbox') subs=''; opts='--port --host --state --api-key --webhook-secret --verify-token --seed-records -h --help'; vopts='--port --host --state --api-key --webhook-secret --verify-token --seed-records' ;;
  esac
}

_chatcrm_next() {
  case "$1|$2" in
    '|chat') next='chat' ;;
    '|templates') next='templates' ;;
    '|flows') next='flows' ;;
    '|contacts') next='contacts' ;;
    '|campaigns') next='campaigns' ;;
    '|segments') next='segments' ;;
    '|tags') next='tags' ;;
    '|custom-fields') next='custom-fields' ;;
    '|currencies') next='currencies' ;;
    '|subscription') next='subscription' ;;
    '|teams') next='teams' ;;
    '|taxes') next='taxes' ;;
    '|quick-replies') next='quick-replies' ;;
    '|chatbots') next='chatbots' ;;
    '|message-status') next='message-status' ;;
    '|reply-materials') next='reply-materials' ;;
    '|notifications') next='notifications' ;;
    '|auth') next='auth' ;;
    '|mcp') next='mcp' ;;
    '|webhook') next='webhook' ;;
    '|login') next='login' ;;
    '|logout') next='logout' ;;
    '|profiles') next='profiles' ;;
    '|whoami') next='whoami' ;;
    '|doctor') next='doctor' ;;
    '|api') next='api' ;;
    '|openapi') next='openapi' ;;
    '|completion') next='completion' ;;
    '|sandbox') next='sandbox' ;;
    'chat|senders') next='chat senders' ;;
    'chat|send') next='chat send' ;;
    'chat|send-batch') next='chat send-batch' ;;
    'chat|groups') next='chat groups' ;;
    'chat groups|list') next='chat groups list' ;;
    'chat groups|members') next='chat groups members' ;;
    'chat groups|send') next='chat groups send' ;;
    'templates|list') next='templates list' ;;
    'templates|create') next='templates create' ;;
    'templates|preview') next='templates preview' ;;
    'flows|list') next='flows list' ;;
    'flows|get') next='flows get' ;;
    'flows|create') next='flows create' ;;
    'flows|update') next='flows update' ;;
    'flows|delete') next='flows delete' ;;
    'flows|toggle') next='flows toggle' ;;
    'flows|toggle-pause') next='flows toggle-pause' ;;
    'flows|test') next='flows test' ;;
    'flows|node-types') next='flows node-types' ;;
    'flows|suggest') next='flows suggest' ;;
    'flows|executions') next='flows executions' ;;
    'flows|execution') next='flows execution' ;;
    'flows|stats') next='flows stats' ;;
    'flows|statistics') next='flows stats' ;;
    'flows|validate') next='flows validate' ;;
    'contacts|list') next='contacts list' ;;
    'contacts|create') next='contacts create' ;;
    'contacts|import') next='contacts import' ;;
    'contacts|stats') next='contacts stats' ;;
    'contacts|funnels') next='contacts funnels' ;;
    'contacts|funnel-action') next='contacts funnel-action' ;;
    'contacts|add-to-segments') next='contacts add-to-segments' ;;
    'contacts|export') next='contacts export' ;;
    'contacts|export-status') next='contacts export-status' ;;
    'contacts|export-download') next='contacts export-download' ;;
    'campaigns|send') next='campaigns send' ;;
    'campaigns|list') next='campaigns list' ;;
    'campaigns|insights') next='campaigns insights' ;;
    'campaigns|report') next='campaigns report' ;;
    'campaigns|publish') next='campaigns publish' ;;
    'campaigns|recurring') next='campaigns recurring' ;;
    'segments|list') next='segments list' ;;
    'segments|get') next='segments get' ;;
    'segments|create') next='segments create' ;;
    'segments|update') next='segments update' ;;
    'segments|delete') next='segments delete' ;;
    'segments|delete-many') next='segments delete-many' ;;
    'segments|add-contacts') next='segments add-contacts' ;;
    'segments|remove-contacts') next='segments remove-contacts' ;;
    'segments|contacts') next='segments contacts' ;;
    'tags|create') next='tags create' ;;
    'tags|list') next='tags list' ;;
    'tags|get') next='tags get' ;;
    'tags|update') next='tags update' ;;
    'tags|delete') next='tags delete' ;;
    'tags|delete-many') next='tags delete' ;;
    'tags|popular') next='tags popular' ;;
    'tags|usage') next='tags usage' ;;
    'custom-fields|list') next='custom-fields list' ;;
    'custom-fields|get') next='custom-fields get' ;;
    'custom-fields|create') next='custom-fields create' ;;
    'custom-fields|update') next='custom-fields update' ;;
    'custom-fields|delete') next='custom-fields delete' ;;
    'custom-fields|delete-many') next='custom-fields delete' ;;
    'custom-fields|status') next='custom-fields status' ;;
    'currencies|list') next='currencies list' ;;
    'currencies|exchange-rate') next='currencies exchange-rate' ;;
    'currencies|get') next='currencies get' ;;
    'currencies|create') next='currencies create' ;;
    'currencies|update') next='currencies update' ;;
    'currencies|delete') next='currencies delete' ;;
    'currencies|delete-many') next='currencies delete' ;;
    'currencies|toggle-status') next='currencies toggle-status' ;;
    'currencies|toggle-default') next='currencies toggle-default' ;;
    'subscription|show') next='subscription show' ;;
    'subscription|usage') next='subscription usage' ;;
    'subscription|checkout-url') next='subscription checkout-url' ;;
    'subscription|create') next='subscription create' ;;
    'subscription|cancel') next='subscription cancel' ;;
    'subscription|resume') next='subscription resume' ;;
    'teams|list') next='teams list' ;;
    'teams|permissions') next='teams permissions' ;;
    'teams|get') next='teams get' ;;
    'teams|create') next='teams create' ;;
    'teams|update') next='teams update' ;;
    'teams|delete') next='teams delete' ;;
    'teams|toggle-status') next='teams toggle-status' ;;
    'taxes|list') next='taxes list' ;;
    'taxes|get') next='taxes get' ;;
    'taxes|create') next='taxes create' ;;
    'taxes|update') next='taxes update' ;;
    'taxes|delete') next='taxes delete' ;;
    'taxes|delete-many') next='taxes delete-many' ;;
    'quick-replies|list') next='quick-replies list' ;;
    'quick-replies|create') next='quick-replies create' ;;
    'quick-replies|update') next='quick-replies update' ;;
    'quick-replies|delete') next='quick-replies delete' ;;
    'quick-replies|favorite') next='quick-replies favorite' ;;
    'chatbots|list') next='chatbots list' ;;
    'chatbots|get') next='chatbots get' ;;
    'chatbots|create') next='chatbots create' ;;
    'chatbots|update') next='chatbots update' ;;
    'chatbots|delete') next='chatbots delete' ;;
    'chatbots|train') next='chatbots train' ;;
    'chatbots|scrape') next='chatbots scrape' ;;
    'chatbots|extract-doc') next='chatbots extract-doc' ;;
    'message-status|delivery') next='message-status delivery' ;;
    'message-status|read') next='message-status read' ;;
    'message-status|chat-status') next='message-status chat-status' ;;
    'message-status|bulk-delivery') next='message-status bulk-delivery' ;;
    'message-status|bulk-read') next='message-status bulk-read' ;;
    'message-status|user') next='message-status user' ;;
    'message-status|get') next='message-status get' ;;
    'reply-materials|list') next='reply-materials list' ;;
    'reply-materials|get') next='reply-materials get' ;;
    'reply-materials|create') next='reply-materials create' ;;
    'reply-materials|update') next='reply-materials update' ;;
    'reply-materials|delete') next='reply-materials delete' ;;
    'reply-materials|delete-many') next='reply-materials delete-many' ;;
    'notifications|list') next='notifications list' ;;
    'notifications|create') next='notifications create' ;;
    'notifications|read-all') next='notifications read-all' ;;
    'notifications|read') next='notifications read' ;;
    'auth|register') next='auth register' ;;
    'auth|login') next='auth login' ;;
    'auth|verify-otp') next='auth verify-otp' ;;
    'auth|resend-otp') next='auth resend-otp' ;;
    'auth|forgot-password') next='auth forgot-password' ;;
    'auth|reset-password') next='auth reset-password' ;;
    'auth|profile') next='auth profile' ;;
    'auth|update-profile') next='auth update-profile' ;;
    'auth|permissions') next='auth permissions' ;;
    'auth|change-password') next='auth change-password' ;;
    'auth|logout') next='auth logout' ;;
    'mcp|health') next='mcp health' ;;
    'mcp|tools') next='mcp tools' ;;
    'mcp|call') next='mcp call' ;;
    'mcp|serve') next='mcp serve' ;;
    'webhook|sign') next='webhook sign' ;;
    'webhook|verify') next='webhook verify' ;;
    'webhook|send') next='webhook send' ;;
    'webhook|challenge') next='webhook challenge' ;;
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
    'templates create|--category') values='MARKETING UTILITY AUTHENTICATION' ;;
    'templates preview|--category') values='MARKETING UTILITY AUTHENTICATION' ;;
    'flows list|--status') values='active draft paused all' ;;
    'campaigns recurring|--pattern') values='daily weekly monthly' ;;
    'custom-fields status|--active') values='true false' ;;
    'subscription create|--gateway') values='gatewayone gatewaytwo gatewaythree' ;;
    'message-status chat-status|--status') values='delivered read' ;;
    'webhook send|--event') values='message status' ;;
    'webhook send|--status') values='sent delivered read failed' ;;
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
