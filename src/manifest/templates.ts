// templates: create and preview message templates (docs/service-api.md 4.2).
import { LIST_OPTIONS } from '../runtime/option-lists.js';
import { LIST_QUERY } from './common.js';
import type { CmdSpec } from './types.js';
import { TEMPLATE_OPTIONS } from '../commands/templates/options.js';

export const templates: CmdSpec = {
  name: 'templates',
  summary: 'Create, list and preview message templates',
  subcommands: [
    {
      name: 'list',
      summary: 'List message templates (GET /api/v2/templates)',
      options: LIST_OPTIONS,
      op: {
        id: 'templates.list',
        query: LIST_QUERY,
        paged: true,
        view: { id: 'template_id', columns: ['template_id', 'template_name', 'category', 'language', 'status'], drop: ['language', 'category'], cut: ['template_name'] },
      },
      examples: ['chatcrm templates list', 'chatcrm templates list --search order --json', 'chatcrm templates list --all -o csv > templates.csv'],
    },
    {
      name: 'create',
      summary: 'Create a message template (checked before sending)',
      options: TEMPLATE_OPTIONS,
      examples: [
        'chatcrm templates create --name welcome --category utility --language en_US --body "Hello!" --account 1234567890',
        'chatcrm templates create --name order_update --category UTILITY --language en_US --body "Hi {{1}}, order {{2}} has shipped" --example 1=Maria --example 2=A-1001 --account 1234567890',
        'chatcrm templates create --name login_code --category AUTHENTICATION --language en_US --security-recommendation --code-expiration 10 --otp-length 6 --otp-copy-button "Copy code" --account 1234567890',
        'chatcrm templates create --name sale --category MARKETING --language en_US --body "Our sale ends soon" --limited-time-offer --offer-text "20% off" --has-expiration --button copy_code:SAVE20 --account 1234567890',
        'chatcrm templates create --file template.yaml',
        'chatcrm templates create --file template.yaml --language en_GB --example 1=Ada   # flags override the file; --example adds to its examples',
      ],
      load: () => import('../commands/templates/create.js'),
    },
    {
      name: 'preview',
      summary: 'Show a template as a recipient sees it (offline)',
      description: 'Offline: renders the template as a recipient sees it. Needs only what it renders: --body and its --example values, and --header, --footer, --button if any (or the OTP flags of an AUTHENTICATION template).',
      options: TEMPLATE_OPTIONS,
      examples: [
        'chatcrm templates preview --body "Hi {{1}}!" --example 1=Maria --button quick_reply:Yes --button website:Shop:https://example.com',
        'chatcrm templates preview --otp-length 6 --code-expiration 10 --otp-copy-button "Copy code"',
        'chatcrm templates preview --file template.yaml',
      ],
      load: () => import('../commands/templates/preview.js'),
    },
  ],
};
