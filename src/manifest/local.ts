// Local commands: profiles, diagnostics, completion, raw requests (the sandbox: sandbox.ts).
import type { CmdSpec } from './types.js';
import { API_OPTIONS, LOGIN_OPTIONS } from '../commands/local/options.js';

export const login: CmdSpec = {
  name: 'login',
  summary: 'Set up a profile (address, key, defaults) and check the key',
  description:
    'Interactive on a TTY. Non-interactive: login --profile NAME --base-url URL [--mcp-url URL] --with-key (the key is read from stdin). The key is checked with GET /api/auth/profile before it is saved.',
  options: LOGIN_OPTIONS,
  examples: [
    { cmd: 'chatcrm login', notRun: 'asks for the profile, addresses and key on a terminal' },
    'printf %s "$CHATCRM_API_KEY" | chatcrm login --profile ci --base-url https://api.example.com --with-key',
    'printf %s "$CHATCRM_API_KEY" | chatcrm login --profile ci --base-url https://api.example.com --with-key --webhook-secret-file secret.txt',
  ],
  newProfile: true,
  load: () => import('../commands/local/login.js'),
};

export const logout: CmdSpec = {
  name: 'logout',
  summary: 'Forget the stored key of a profile',
  examples: ['chatcrm logout', 'chatcrm logout --profile ci'],
  load: () => import('../commands/local/logout.js'),
};

export const profiles: CmdSpec = {
  name: 'profiles',
  summary: 'Manage stored profiles',
  subcommands: [
    { name: 'list', summary: 'List profiles', load: () => import('../commands/local/profiles.js').then((m) => ({ run: m.list })) },
    {
      name: 'show',
      summary: 'Show a profile (the key is masked)',
      args: [{ name: 'NAME', description: 'profile name (default: the active one)', complete: 'profiles' }],
      load: () => import('../commands/local/profiles.js').then((m) => ({ run: m.show })),
    },
    {
      name: 'use',
      summary: 'Make a profile the active one',
      args: [{ name: 'NAME', required: true, complete: 'profiles' }],
      load: () => import('../commands/local/profiles.js').then((m) => ({ run: m.use })),
    },
    {
      name: 'set',
      summary: 'Set a profile setting',
      args: [
        { name: 'KEY', required: true, choices: ['base-url', 'mcp-url', 'default-sender', 'business-account', 'allow-http', 'output'] },
        { name: 'VALUE', required: true },
      ],
      examples: [
        'chatcrm profiles set default-sender wa_snd_cloud_0001',
        'chatcrm --profile staging profiles set base-url https://staging.example.com',
        'chatcrm profiles set output json   # default output of this profile (-o and CHATCRM_OUTPUT still win)',
      ],
      newProfile: true,
      load: () => import('../commands/local/profiles.js').then((m) => ({ run: m.set })),
    },
    {
      name: 'remove',
      summary: 'Remove a profile and its key',
      args: [{ name: 'NAME', required: true, complete: 'profiles' }],
      load: () => import('../commands/local/profiles.js').then((m) => ({ run: m.remove })),
    },
  ],
};

export const whoami: CmdSpec = {
  name: 'whoami',
  summary: 'Show the active profile, its addresses and the user of the key',
  load: () => import('../commands/local/whoami.js'),
};

export const doctor: CmdSpec = {
  name: 'doctor',
  summary: 'Check config, reachability, key validity and plan',
  load: () => import('../commands/local/doctor.js'),
};

export const completion: CmdSpec = {
  name: 'completion',
  summary: 'Print a shell completion script',
  description:
    'For your user, add one line to the shell\'s startup file: bash: eval "$(chatcrm completion bash)" in ~/.bashrc; ' +
    'zsh: eval "$(chatcrm completion zsh)" in ~/.zshrc (after compinit); fish: chatcrm completion fish > ~/.config/fish/completions/chatcrm.fish; ' +
    'PowerShell: chatcrm completion powershell | Out-String | Invoke-Expression in $PROFILE. For every user (as root), write the script into the system folder.',
  args: [{ name: 'SHELL', description: 'bash, zsh, fish or powershell', choices: ['bash', 'zsh', 'fish', 'powershell'] }],
  examples: [
    { cmd: 'echo \'eval "$(chatcrm completion bash)"\' >> ~/.bashrc', notRun: "changes the user's ~/.bashrc" },
    'chatcrm completion bash > chatcrm.bash',
    { cmd: 'chatcrm completion bash > /etc/bash_completion.d/chatcrm', notRun: 'writes a system folder (as root)' },
    { cmd: 'chatcrm completion zsh > "${fpath[1]}/_chatcrm"', notRun: 'zsh syntax, writes into its function path' },
  ],
  load: () => import('../commands/local/completion.js'),
};

export const api: CmdSpec = {
  name: 'api',
  summary: 'Send a raw request to any path (areas without a command)',
  description:
    'Prints the body of the answer as it is (JSON). With --query, -q, --fields or -o table|csv|jsonl|yaml it prints the records found in it ' +
    '(or what --query selects), as any list command does. The key comes from the profile or CHATCRM_API_KEY: -H x-api-key is refused.',
  args: [
    { name: 'METHOD', required: true, choices: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
    { name: 'PATH', required: true },
  ],
  options: API_OPTIONS,
  examples: [
    'chatcrm api GET /api/api-keys',
    'chatcrm api GET /api/v2/contacts -f page=2 -f limit=50',
    'chatcrm api GET /api/tags -o table',
    'chatcrm api GET /api/v2/contacts --paginate -o jsonl',
    "chatcrm api GET /api/v2/contacts --query 'data.contacts[].phone_number'",
    'chatcrm api POST /api/v2/contacts -f name=Ada -f phone_number=15551234567 -f tags[]=vip -f custom_fields.city=London',
    'chatcrm api POST /api/automation -f name=Welcome -f keyword=hi -f is_active:=true',
    'chatcrm api POST /api/reply-materials -F file=@./price-list.pdf -F title="Price list"',
    'chatcrm api DELETE /api/currencies/delete --input ids.json',
    'echo \'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}\' | chatcrm api POST /mcp --mcp --input -',
  ],
  load: () => import('../commands/local/api.js'),
};

export const openapi: CmdSpec = {
  name: 'openapi',
  summary: 'Print an OpenAPI 3.1 document of the service (YAML, or JSON with -o json)',
  description:
    'Generated from the operations table and the request schemas: every path and method, path and query parameters, ' +
    'JSON and multipart request bodies, the x-api-key scheme, the tool endpoint and the signed inbound webhook. ' +
    'For Postman, Insomnia, restish or a client generator.',
  examples: ['chatcrm openapi > chatcrm.openapi.yaml', 'chatcrm openapi -o json > chatcrm.openapi.json'],
  load: () => import('../commands/local/openapi.js'),
};
