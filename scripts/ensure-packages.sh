# Sourced by ./run: installs the project's packages when node_modules is missing, older than
# package-lock.json, or was built for another Node (native modules: keytar, better-sqlite3).
_stamp="node_modules/.intake-installed"
_want="$(node -p 'process.versions.modules')-$(sha1sum package-lock.json | cut -c1-12)"
if [ ! -f "$_stamp" ] || [ "$(cat "$_stamp")" != "$_want" ]; then
  echo "setup: npm ci (Node $(node -v))" >&2
  if [ -n "${INTAKE_NODEDIR:-}" ]; then export npm_config_nodedir="$INTAKE_NODEDIR"; fi
  if ! npm ci --no-audit --no-fund --loglevel=error >/tmp/intake-npm-ci.log 2>&1; then
    # Registry mirrors that lack other platforms' optional binaries (e.g. @unrs/resolver-binding-win32-*)
    # make `npm ci` refuse the lock file. `npm install` still installs exactly the locked versions for
    # this platform; --no-save keeps package-lock.json untouched.
    if grep -q "Missing: .* from lock file" /tmp/intake-npm-ci.log; then
      echo "setup: npm ci refused the lock (this registry lacks other platforms' optional binaries); npm install --no-save" >&2
      npm install --no-save --no-audit --no-fund --loglevel=error >&2
    else
      cat /tmp/intake-npm-ci.log >&2
      exit 1
    fi
  fi
  if [ ! -f node_modules/keytar/build/Release/keytar.node ]; then
    echo "setup: keytar did not build; install libsecret-1-dev (see README) and retry" >&2; exit 1
  fi
  echo "$_want" > "$_stamp"
  unset npm_config_nodedir
fi
