#!/usr/bin/env bash
# The tarball installs and runs on its own: npm pack, install it into a temporary prefix,
# run `chatcrm --version`, `--help`, `openapi` and `mcp serve` from there, check what they print.
set -euo pipefail
cd "$(dirname "$0")/.."

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

tarball="$(npm pack --silent --pack-destination "$tmp" | tail -n 1)"
version="$(node -p 'require("./package.json").version')"
echo "packed $tarball"

# (A listing in a variable: `tar | grep -q` under pipefail fails when grep exits early.)
listing="$(tar -tzf "$tmp/$tarball")"
needed="package/bin/chatcrm.js package/dist/main.js package/completions/chatcrm.bash"
[ -f README.md ] && needed="$needed package/README.md"
for f in $needed; do
  grep -qx "$f" <<<"$listing" || { echo "pack-check: $f is missing from the tarball" >&2; exit 1; }
done
if grep -qE '^package/(src|test|node_modules)/' <<<"$listing"; then
  echo "pack-check: the tarball contains sources or tests" >&2
  exit 1
fi

npm install -g --prefix "$tmp/prefix" --no-audit --no-fund --loglevel=error "$tmp/$tarball" >/dev/null
bin="$tmp/prefix/bin/chatcrm"

# Run outside the repository, with a config dir of its own, so nothing resolves from here.
cd "$tmp"
export CHATCRM_CONFIG_DIR="$tmp/config"
out="$("$bin" --version)"
[ "$out" = "$version" ] || { echo "pack-check: --version printed '$out', expected '$version'" >&2; exit 1; }
help="$("$bin" --help)"
for word in 'Usage: chatcrm' 'chat' 'completion' '--output'; do
  grep -qF -- "$word" <<<"$help" || { echo "pack-check: --help does not mention '$word'" >&2; exit 1; }
done
"$bin" completion bash | grep -q 'complete -o default -F _chatcrm chatcrm' || { echo "pack-check: completion bash failed" >&2; exit 1; }
"$bin" openapi -o json | grep -q '"openapi": "3.1' || { echo "pack-check: openapi failed" >&2; exit 1; }
# mcp serve loads the MCP SDK from the installed dependencies (it is not bundled): list its tools over stdio.
tools="$(printf '%s\n' \
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"pack-check","version":"1"}}}' \
  '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
  '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' |
  CHATCRM_API_KEY=pack-check CHATCRM_BASE_URL=http://127.0.0.1:9 timeout 30 "$bin" mcp serve --dry-run 2>/dev/null || true)"
grep -q '"name":"chat_send"' <<<"$tools" || { echo "pack-check: mcp serve did not list its tools" >&2; exit 1; }
echo "pack-check: ok ($tarball installs; --version $out; --help lists the commands; openapi; mcp serve lists its tools)"
