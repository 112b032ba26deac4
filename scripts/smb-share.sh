#!/bin/sh
# A real SMB share on this machine, for the shared-folder tests (issue #28 item 5, #37 item 3): smbd serves a
# folder on loopback (SMB2+, guest) and each station mounts it through FUSE with its own SMB client process,
# so N stations are N SMB sessions. Needs root and /dev/fuse. `./run test:smb` (scripts/test-smb.mjs) runs
# the multi-station tests on the mounts, bounded in time.
#
#   scripts/smb-share.sh start [DIR] [N]   mounts the share N times (default 1) and prints the N share
#                                          folders, comma-separated
#   scripts/smb-share.sh stop  [DIR]
#   SHARED_FOLDER=$(scripts/smb-share.sh start /tmp/intake-smb 3) npx vitest run --project node electron/cli/agent-shared.test.ts
#
# INTAKE_SMB_CLIENT chooses the client (docs/deployment.md §10 has the measurements behind the choice):
#  - gvfs (default; apt gvfs-backends gvfs-fuse): per station a private D-Bus session with its own gvfsd,
#    `gio mount -a smb://127.0.0.1:4445/scans` and gvfsd-fuse under DIR/gvfsN; DIR/mntN is a bind mount of
#    the share in it.
#  - smbnetfs (apt smbnetfs): one smbnetfs per station at DIR/mntN, share at DIR/mntN/127.0.0.1/scans, with
#    entry_timeout=0, attr_timeout=0 and negative_timeout=0 (the kernel asks again instead of answering a
#    file another station renamed away from its cache) and -s (one request at a time). It does not honour
#    O_EXCL (share-semantics.test.ts fails on it) and is slow: gvfs is the default for that.
# Each station's client runs in its own process group, kept in DIR/run/clientN.pid: stop (and the bound in
# scripts/test-smb.mjs) ends exactly those processes.
set -eu
cmd=${1:-start}
dir=${2:-/tmp/intake-smb}
count=${3:-1}
client=${INTAKE_SMB_CLIENT:-gvfs}
# smbd's port: from 4445 for gvfs (out of the way of a system Samba on 445); smbnetfs cannot be told a port.
# Never one another smbd already serves: this run's mounts would reach THAT smbd's folder, and two runs would
# empty and fill one share. It happened: a loaded run whose parent was killed went on into its SMB step beside
# the next run's, and both failed "no progress" (docs/toolchain.md). A port taken is skipped (gvfs) or refused.
port_taken() { ss -Hltn "sport = :$1" 2>/dev/null | grep -q .; }
port_user() { ss -Hltnp "sport = :$1" 2>/dev/null | sed -n 's/.*users:((\(.*\)))$/\1/p' | head -1; }
choose_port() {
  if [ -f "$dir/run/port" ]; then cat "$dir/run/port"; return; fi
  if [ "$client" = smbnetfs ] || [ -n "${INTAKE_SMB_PORT:-}" ]; then
    p=445
    [ "$client" = smbnetfs ] || p=$INTAKE_SMB_PORT
    if port_taken "$p"; then
      echo "smb-share: port $p is already served ($(port_user "$p")): another run's smbd? stop it first" >&2
      return 1
    fi
    echo "$p"
    return
  fi
  p=4445
  while port_taken "$p"; do
    p=$((p + 1))
    [ "$p" -le 4544 ] || { echo "smb-share: no free port in 4445–4544" >&2; return 1; }
  done
  echo "$p"
}

# Station $1 through smbnetfs; prints its share folder.
start_smbnetfs() {
  mnt="$dir/mnt$1"
  home="$dir/client-home$1"
  mkdir -p "$mnt" "$home/.smb"
  if ! mountpoint -q "$mnt"; then
    # smbnetfs reads its settings from a folder of its own: guest access, no network browsing.
    printf '[global]\n  client min protocol = SMB2\n' >"$home/.smb/smb.conf"
    printf 'smb_query_browsers false\nauth "guest" ""\n' >"$home/.smb/smbnetfs.conf"
    touch "$home/.smb/smbnetfs.auth" "$home/.smb/smbnetfs.host"
    chmod 600 "$home"/.smb/*
    # In the foreground (-f), backgrounded here: smbnetfs's own daemonizing never returned on this box.
    HOME="$home" nohup setsid smbnetfs "$mnt" -f -s \
      -o config="$home/.smb/smbnetfs.conf",smb_query_browsers=false,entry_timeout=0,attr_timeout=0,negative_timeout=0 \
      >"$dir/client$1.log" 2>&1 </dev/null &
    echo $! >"$dir/run/client$1.pid"
  fi
  for _ in $(seq 40); do [ -d "$mnt/127.0.0.1/scans" ] && break; sleep 0.5; done
  echo "$mnt/127.0.0.1/scans"
}

# Station $1 through gvfs: its own D-Bus session, gvfsd and gvfsd-fuse; prints its share folder. The share
# inside the gvfs mount has commas in its path (which SHARED_FOLDER separates on) and a link to it is not
# watched (a station never follows a watched folder that is a link): DIR/mntN is a bind mount of it.
start_gvfs() {
  rt="$dir/gvfs$1"
  mnt="$dir/mnt$1"
  mkdir -p "$rt" "$mnt"
  chmod 700 "$rt"
  if [ "$port" = 445 ]; then share="server=127.0.0.1,share=scans"; else share="port=$port,server=127.0.0.1,share=scans"; fi
  if ! mountpoint -q "$mnt"; then
    URL="smb://127.0.0.1:$port/scans" XDG_RUNTIME_DIR="$rt" HOME="$rt" nohup setsid dbus-run-session -- sh -c '
      /usr/libexec/gvfsd --replace &
      for _ in $(seq 20); do gio mount -a "$URL" </dev/null && break; sleep 0.5; done
      wait' >"$dir/client$1.log" 2>&1 </dev/null &
    echo $! >"$dir/run/client$1.pid"
    for _ in $(seq 40); do [ -d "$rt/gvfs/smb-share:$share/" ] && break; sleep 0.5; done
    mount --bind "$rt/gvfs/smb-share:$share" "$mnt" >&2 || true
  fi
  echo "$mnt"
}

case "$cmd" in
start)
  command -v smbd >/dev/null && command -v smbnetfs >/dev/null || {
    echo "smb-share: needs samba and smbnetfs (apt-get install -y samba smbnetfs)" >&2
    exit 2
  }
  mkdir -p "$dir/run" "$dir/lock" "$dir/state" "$dir/cache" "$dir/private" "$dir/scans"
  port=$(choose_port)
  echo "$port" >"$dir/run/port"
  cat >"$dir/smb.conf" <<CONF
[global]
  workgroup = WORKGROUP
  server role = standalone server
  map to guest = Bad User
  interfaces = lo
  bind interfaces only = yes
  smb ports = $port
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
    # Listening is this run's smbd, not another that took the port in between.
    for _ in $(seq 20); do port_user "$port" | grep -q "pid=$(cat "$dir/run/smbd.pid" 2>/dev/null)," && break; sleep 0.25; done
    port_user "$port" | grep -q "pid=$(cat "$dir/run/smbd.pid" 2>/dev/null)," || {
      echo "smb-share: smbd of $dir does not serve port $port (it is served by: $(port_user "$port"))" >&2
      exit 1
    }
  fi
  folders=""
  i=0
  while [ "$i" -lt "$count" ]; do
    if [ "$client" = gvfs ]; then folder=$(start_gvfs "$i"); else folder=$(start_smbnetfs "$i"); fi
    mountpoint -q "${folder%/127.0.0.1/scans}" && [ -d "$folder/" ] ||
      { echo "smb-share: the share did not appear at $folder ($client)" >&2; exit 1; }
    folders="$folders${folders:+,}$folder"
    i=$((i + 1))
  done
  echo "$folders"
  ;;
stop)
  # Unmounted first, by what /proc/mounts lists under DIR: a mount whose smbnetfs died answers ENOTCONN,
  # which `mountpoint` takes for "not a mount point", and would be left behind.
  # Last mounted first: a station's bind mount before the gvfs mount it shows.
  awk -v d="$dir/" 'index($2, d) == 1 { print $2 }' /proc/mounts | tac | while read -r mnt; do
    umount "$mnt" 2>/dev/null || umount -l "$mnt"
  done
  # Then each station's client and smbd by their process groups (gvfsd, gvfsd-fuse, gvfsd-smb, the D-Bus
  # daemon; smbnetfs; smbd and its children), and waited for: a dying gvfsd or smbd still writes below DIR
  # (GLib makes its runtime folder again with its parents), which would come back after DIR was removed.
  groups=""
  for pidfile in "$dir"/run/client*.pid "$dir/run/smbd.pid"; do
    [ -f "$pidfile" ] && groups="$groups $(cat "$pidfile")"
  done
  # `kill -SIG -PGID`, without `--`: dash's kill takes `--` for a pid ("Illegal number"), so `kill -TERM -- -g`
  # ended no group, `kill -0 -- -g` said "gone" at once, and every client outlived stop (found in #37).
  for g in $groups; do kill -TERM "-$g" 2>/dev/null || kill -TERM "$g" 2>/dev/null || true; done
  for _ in $(seq 50); do
    alive=""
    for g in $groups; do kill -0 "-$g" 2>/dev/null && alive=1; done
    [ -z "$alive" ] && break
    sleep 0.2
  done
  for g in $groups; do kill -KILL "-$g" 2>/dev/null || true; done
  rm -f "$dir"/run/client*.pid
  ;;
*)
  echo "usage: $0 start|stop [DIR]" >&2
  exit 2
  ;;
esac
