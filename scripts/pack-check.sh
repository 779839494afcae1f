#!/usr/bin/env bash
# The tarball installs and runs on its own: npm pack, install it into a temporary prefix,
# run `chatcrm --version` and `chatcrm --help` from there, check what they print.
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
echo "pack-check: ok ($tarball installs; --version $out; --help lists the commands)"
