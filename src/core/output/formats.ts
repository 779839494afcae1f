// The output formats of -o/--output: what print.ts can write, below the settings that pick one.
export const OUTPUT_FORMATS = ['table', 'json', 'jsonl', 'csv', 'yaml'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
