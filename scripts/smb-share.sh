#!/bin/sh
# A real SMB share on this machine, for the shared-folder tests (issue #28 item 5): smbd serves a folder on
# loopback (SMB2+, guest), smbnetfs mounts it through FUSE, and the stations poll the mount. Needs root,
# /dev/fuse and `apt-get install -y samba smbnetfs`. `./run test:smb` (scripts/test-smb.mjs) runs the
# multi-station tests on the mount, bounded in time.
#
#   scripts/smb-share.sh start [DIR]   prints the mounted share folder (…/mnt/127.0.0.1/scans)
#   scripts/smb-share.sh stop  [DIR]
#   SHARED_FOLDER=$(scripts/smb-share.sh start) npx vitest run --project node electron/cli/agent-shared.test.ts
set -eu
cmd=${1:-start}
dir=${2:-/tmp/intake-smb}
case "$cmd" in
start)
  command -v smbd >/dev/null && command -v smbnetfs >/dev/null || {
    echo "smb-share: needs samba and smbnetfs (apt-get install -y samba smbnetfs)" >&2
    exit 2
  }
  mkdir -p "$dir/run" "$dir/lock" "$dir/state" "$dir/cache" "$dir/private" "$dir/scans" "$dir/mnt" "$dir/client"
  cat >"$dir/smb.conf" <<CONF
[global]
  workgroup = WORKGROUP
  server role = standalone server
  map to guest = Bad User
  interfaces = lo
  bind interfaces only = yes
  smb ports = 445
  server min protocol = SMB2
  disable netbios = yes
  load printers = no
  printing = bsd
  printcap name = /dev/null
  pid directory = $dir/run
  lock directory = $dir/lock
  state directory = $dir/state
  cache directory = $dir/cache
  private dir = $dir/private
  ncalrpc dir = $dir/run/ncalrpc
  log file = $dir/smbd.log
[scans]
  path = $dir/scans
  read only = no
  guest ok = yes
  force user = root
CONF
  if ! [ -f "$dir/run/smbd.pid" ] || ! kill -0 "$(cat "$dir/run/smbd.pid")" 2>/dev/null; then
    smbd -D -s "$dir/smb.conf"
    for _ in 1 2 3 4 5 6 7 8 9 10; do [ -f "$dir/run/smbd.pid" ] && break; sleep 0.5; done
  fi
  # smbnetfs reads its settings from a folder of its own: guest access, no network browsing.
  printf '[global]\n  client min protocol = SMB2\n' >"$dir/client/smb.conf"
  printf 'smb_query_browsers false\nauth "guest" ""\n' >"$dir/client/smbnetfs.conf"
  if ! mountpoint -q "$dir/mnt"; then
    HOME="$dir/client-home" sh -c "mkdir -p \"\$HOME/.smb\" && cp \"$dir/client/smb.conf\" \"$dir/client/smbnetfs.conf\" \"\$HOME/.smb/\" && touch \"\$HOME/.smb/smbnetfs.auth\" \"\$HOME/.smb/smbnetfs.host\" && chmod 600 \"\$HOME\"/.smb/* && smbnetfs \"$dir/mnt\" -o config=\"\$HOME/.smb/smbnetfs.conf\",smb_query_browsers=false"
  fi
  for _ in 1 2 3 4 5 6 7 8 9 10; do [ -d "$dir/mnt/127.0.0.1/scans" ] && break; sleep 0.5; done
  [ -d "$dir/mnt/127.0.0.1/scans" ] || { echo "smb-share: the share did not appear under $dir/mnt" >&2; exit 1; }
  echo "$dir/mnt/127.0.0.1/scans"
  ;;
stop)
  mountpoint -q "$dir/mnt" && fusermount -u "$dir/mnt"
  [ -f "$dir/run/smbd.pid" ] && kill "$(cat "$dir/run/smbd.pid")" 2>/dev/null || true
  ;;
*)
  echo "usage: $0 start|stop [DIR]" >&2
  exit 2
  ;;
esac
