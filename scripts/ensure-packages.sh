# Sourced by ./run: runs `npm ci` when node_modules is missing or older than package-lock.json,
# or was built for another Node (native modules: keytar, better-sqlite3).
_stamp="node_modules/.intake-installed"
_want="$(node -p 'process.versions.modules')-$(sha1sum package-lock.json | cut -c1-12)"
if [ ! -f "$_stamp" ] || [ "$(cat "$_stamp")" != "$_want" ]; then
  echo "setup: npm ci (Node $(node -v))" >&2
  npm ci --no-audit --no-fund --loglevel=error >&2
  if [ ! -f node_modules/keytar/build/Release/keytar.node ]; then
    echo "setup: keytar did not build; install libsecret-1-dev (see README) and retry" >&2; exit 1
  fi
  echo "$_want" > "$_stamp"
fi
