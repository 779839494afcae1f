// A shell line the test runner can run in-process instead of through `sh -c`: one `chatcrm`
// command with words, '...' and "..." quoting, and at most one `< FILE` and one `> FILE`. Anything
// else a shell would expand or interpret (pipes, lists, variables, globs, escapes, `2>`, `>>`,
// `VAR=x cmd`) is not simple: undefined, and the line goes to `sh` as written.

export interface SimpleLine {
  /** The words after `chatcrm`. */
  args: string[];
  stdin?: string;
  stdout?: string;
}

/** Characters that mean something to sh outside quotes (besides space, quotes, `<` and `>`). */
const SPECIAL = /[|&;()$`\\*?[\]{}~!#"'<>]/;

/** The words of `line` with their quoting removed, and its redirections; undefined unless simple. */
export function simpleLine(line: string): SimpleLine | undefined {
  const words: { text: string; bare: boolean }[] = [];
  let i = 0;
  while (i < line.length) {
    if (/\s/.test(line[i])) {
      i++;
      continue;
    }
    let text = '';
    let bare = true;
    while (i < line.length && !/\s/.test(line[i])) {
      const c = line[i];
      if (c === "'" || c === '"') {
        const end = line.indexOf(c, i + 1);
        if (end < 0) return undefined;
        const inner = line.slice(i + 1, end);
        // Inside double quotes sh still expands $, ` and \: not simple.
        if (c === '"' && /[$`\\]/.test(inner)) return undefined;
        text += inner;
        bare = false;
        i = end + 1;
      } else if (c === '<' || c === '>') {
        // A redirection ends the word before it (`a<in`), unless that word names a descriptor (`2>`).
        if (text !== '' || !bare) {
          if (bare && /^\d+$/.test(text)) return undefined;
          break;
        }
        text = c;
        i++;
        break;
      } else if (SPECIAL.test(c) || (c === '=' && bare && words.length === 0)) {
        return undefined;
      } else {
        text += c;
        i++;
      }
    }
    words.push({ text, bare });
  }
  const out: SimpleLine = { args: [] };
  for (let w = 0; w < words.length; w++) {
    const { text, bare } = words[w];
    if (bare && (text === '<' || text === '>')) {
      const file = words[++w];
      const key = text === '<' ? 'stdin' : 'stdout';
      if (!file || (file.bare && (file.text === '<' || file.text === '>')) || out[key] !== undefined) return undefined;
      out[key] = file.text;
    } else {
      out.args.push(text);
    }
  }
  return out.args[0] === 'chatcrm' ? { ...out, args: out.args.slice(1) } : undefined;
}
