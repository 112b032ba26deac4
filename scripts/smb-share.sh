#!/bin/sh
# A real SMB share on this machine, for the shared-folder tests (issue #28 item 5): smbd serves a folder on
# loopback (SMB2+, guest), smbnetfs mounts it through FUSE, and the stations poll the mount. Needs root,
# /dev/fuse and `apt-get install -y samba smbnetfs`. `./run test:smb` (scripts/test-smb.mjs) runs the
# multi-station tests on the mount, bounded in time.
#
#   scripts/smb-share.sh start [DIR] [N]   mounts the share N times (default 1; one SMB session each, as N
#                                          stations would) and prints the N share folders, comma-separated
#   scripts/smb-share.sh stop  [DIR]
#   SHARED_FOLDER=$(scripts/smb-share.sh start /tmp/intake-smb 3) npx vitest run --project node electron/cli/agent-shared.test.ts
#
# smbnetfs options (issue #37 item 3): entry_timeout=0, attr_timeout=0 and negative_timeout=0, so the kernel
# asks smbnetfs again instead of answering from its own cache (a file another station renamed away stays
# "there", a new one stays "missing" otherwise); -s, so a mount handles one request at a time: the hang seen
# in #28 (the test's threads in request_wait_answer, smbnetfs idle) came with concurrent opens and renames
# through one multi-threaded mount shared by all stations. scripts/test-smb.mjs bounds the run anyway.
set -eu
cmd=${1:-start}
dir=${2:-/tmp/intake-smb}
count=${3:-1}
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
  folders=""
  i=0
  while [ "$i" -lt "$count" ]; do
    mnt="$dir/mnt$i"
    home="$dir/client-home$i"
    mkdir -p "$mnt" "$home/.smb"
    if ! mountpoint -q "$mnt"; then
      cp "$dir/client/smb.conf" "$dir/client/smbnetfs.conf" "$home/.smb/"
      touch "$home/.smb/smbnetfs.auth" "$home/.smb/smbnetfs.host"
      chmod 600 "$home"/.smb/*
      # In the foreground (-f), backgrounded here: smbnetfs's own daemonizing never returned on this box
      # (the parent waited, nothing mounted), and the pid kept here lets stop end exactly this process.
      HOME="$home" nohup smbnetfs "$mnt" -f -s \
        -o config="$home/.smb/smbnetfs.conf",smb_query_browsers=false,entry_timeout=0,attr_timeout=0,negative_timeout=0 \
        >"$dir/smbnetfs$i.log" 2>&1 </dev/null &
      echo $! >"$dir/run/smbnetfs$i.pid"
    fi
    for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do [ -d "$mnt/127.0.0.1/scans" ] && break; sleep 0.5; done
    [ -d "$mnt/127.0.0.1/scans" ] || { echo "smb-share: the share did not appear under $mnt" >&2; exit 1; }
    folders="$folders${folders:+,}$mnt/127.0.0.1/scans"
    i=$((i + 1))
  done
  echo "$folders"
  ;;
stop)
  # Unmounted first, by what /proc/mounts lists under DIR: a mount whose smbnetfs died answers ENOTCONN,
  # which `mountpoint` takes for "not a mount point", and would be left behind.
  awk -v d="$dir/" 'index($2, d) == 1 { print $2 }' /proc/mounts | while read -r mnt; do
    umount "$mnt" 2>/dev/null || umount -l "$mnt"
  done
  for pidfile in "$dir"/run/smbnetfs*.pid; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
    rm -f "$pidfile"
  done
  [ -f "$dir/run/smbd.pid" ] && kill "$(cat "$dir/run/smbd.pid")" 2>/dev/null || true
  ;;
*)
  echo "usage: $0 start|stop [DIR]" >&2
  exit 2
  ;;
esac
