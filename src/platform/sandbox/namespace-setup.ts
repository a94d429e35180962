/**
 * The script that prepares a namespace sandbox. It runs once per session as the first process
 * (PID 1) of a fresh PID and mount namespace, with the privileges needed to mount, and then stays
 * as that namespace's init: commands join it later, and killing it ends every process in it.
 *
 * What it does to its own mount namespace (nothing outside changes):
 * 1. every existing mount becomes read-only (only this namespace's /proc and the terminal devices
 *    stay writable), so a command cannot plant anything outside the workspace: not in the tool
 *    cache, not in the home directory, not in /etc;
 * 2. the home, temporary and runner directories get empty private tmpfs mounts over them, so the
 *    runner user's files (credentials, the runner's file-command files, other checkouts) are out
 *    of sight; the home and temporary ones are writable, as programs expect;
 * 3. directories that must stay usable under a hidden one (the tool cache, PATH entries) are
 *    mounted back read-only, and the workspace is mounted back read-write, with its `.git`
 *    read-only so no hook or configuration can be planted for the trusted steps after the session;
 * 4. container engine sockets are covered, where the command keeps groups that could reach them.
 *
 * The original directories are reached through file descriptors opened before anything is hidden
 * (`/proc/self/fd/N`, not re-resolved by name), because after step 2 their paths lead into the
 * empty tmpfs. Each directory given is passed as one tagged argument (`hide:1777:/tmp`), so no
 * path is ever parsed by the shell.
 */

/** How many directories can be mounted back besides the workspace (file descriptors 4 to 9). */
export const MAX_KEPT_DIRECTORIES = 6;

export interface NamespaceSetup {
  workspaceRoot: string;
  /** Directories covered by an empty tmpfs: `1777` for temporary ones, `0700` for the others. */
  hide: readonly { path: string; mode: '1777' | '0700' }[];
  /** Directories under a hidden one that stay visible, read-only. */
  keep: readonly string[];
  /** Files (sockets) covered with /dev/null. */
  mask: readonly string[];
  /** The owner of the private 0700 directories: the user commands run as, inside the namespace. */
  uid: number;
  gid: number;
  /** The namespace has its own network; bring its loopback interface up. */
  ownNetwork: boolean;
}

/** Printed on stdout once the sandbox is ready for commands. */
export const READY_LINE = 'gemini-sandbox-ready';

export const SETUP_SCRIPT = `set -u
say() { printf 'gemini-sandbox: %s\\n' "$*" >&2; }
fail() { say "$*"; exit 1; }
# A directory that is there already costs no mkdir process (setting up is on the first command's path).
ensure_dir() { [ -d "$1" ] || mkdir -p "$1"; }
# Changes only read-only/read-write of the topmost mount at $1, keeping its other per-mount flags
# ($3, as /proc/self/mountinfo lists them): a user namespace refuses to clear inherited ones.
remount() { mount -o "remount,bind,$2\${3#r[ow]}" "$1"; }
options_of() {
  found=
  while read -r _ _ _ _ point opts _; do
    case $point in *\\\\*) point=$(printf '%b' "$point");; esac
    [ "$point" = "$1" ] && found=$opts
  done < /proc/self/mountinfo
  printf '%s' "$found"
}
ws= uid=0 gid=0 net=0 fd=3
for arg; do
  case $arg in
    ws:*) ws=\${arg#ws:} ;;
    uid:*) uid=\${arg#uid:} ;;
    gid:*) gid=\${arg#gid:} ;;
    net:*) net=\${arg#net:} ;;
  esac
done
[ -n "$ws" ] || fail 'no workspace given'
exec 3<"$ws" || fail "cannot open the workspace $ws"
for arg; do
  case $arg in keep:*)
    fd=$((fd + 1))
    eval "exec $fd<\\"\\\${arg#keep:}\\"" || fail "cannot open \${arg#keep:}"
  esac
done

while read -r _ _ _ _ point opts _; do
  case $point in *\\\\*) point=$(printf '%b' "$point");; esac
  case $point in /proc|/proc/*|/dev/pts|/dev/pts/*) continue ;; esac
  case $opts in ro|ro,*) continue ;; esac
  remount "$point" ro "$opts" 2>/dev/null || say "could not make $point read-only"
done < /proc/self/mountinfo

for arg; do
  case $arg in hide:*)
    rest=\${arg#hide:}; mode=\${rest%%:*}; dir=\${rest#*:}
    ensure_dir "$dir" 2>/dev/null
    if [ "$mode" = 1777 ]; then owner=; else owner=",uid=$uid,gid=$gid"; fi
    mount -t tmpfs -o "nosuid,nodev,mode=$mode$owner" gemini-sandbox "$dir" || fail "cannot hide $dir"
  esac
done

fd=3
for arg; do
  case $arg in keep:*)
    fd=$((fd + 1)); dir=\${arg#keep:}
    ensure_dir "$dir" && mount -c --bind "/proc/self/fd/$fd" "$dir" &&
      remount "$dir" ro "$(options_of "$dir")" || fail "cannot keep $dir visible"
  esac
done

ensure_dir "$ws" && mount -c --bind /proc/self/fd/3 "$ws" || fail "cannot mount the workspace $ws"
remount "$ws" rw "$(options_of "$ws")" || fail "cannot make the workspace $ws writable"
if [ -d "$ws/.git" ]; then
  mount --bind "$ws/.git" "$ws/.git" && remount "$ws/.git" ro "$(options_of "$ws/.git")" ||
    fail "cannot make $ws/.git read-only"
fi

for arg; do
  case $arg in mask:*)
    file=\${arg#mask:}
    if [ -e "$file" ]; then mount --bind /dev/null "$file" || fail "cannot cover $file"; fi
  esac
done

if [ "$net" = 1 ] && command -v ip >/dev/null 2>&1; then ip link set lo up 2>/dev/null; fi

while [ "$fd" -ge 3 ]; do eval "exec $fd<&-"; fd=$((fd - 1)); done
cd /
# The namespace ends with its init. The Action ends it by killing it; should the Action go away
# without that, its end of the standard input pipe closes, and the watcher ends it instead.
exec 3<&0
sh -c 'read -r _; kill -TERM 1' gemini-sandbox-watch <&3 >/dev/null 2>&1 &
exec 3<&-
echo ${READY_LINE}
exec </dev/null >/dev/null 2>&1
# The init, under a short name: it reaps orphaned processes while it waits.
exec sh -c 'trap "exit 0" TERM; while :; do sleep 86400 & wait $!; done' gemini-sandbox-init
`;

/** The script's arguments: one tagged argument per setting or directory. */
export function setupArguments(setup: NamespaceSetup): string[] {
  if (setup.keep.length > MAX_KEPT_DIRECTORIES) {
    throw new Error(`at most ${MAX_KEPT_DIRECTORIES} directories can be kept visible`);
  }
  return [
    `ws:${setup.workspaceRoot}`,
    `uid:${setup.uid}`,
    `gid:${setup.gid}`,
    `net:${setup.ownNetwork ? 1 : 0}`,
    ...setup.hide.map((dir) => `hide:${dir.mode}:${dir.path}`),
    ...setup.keep.map((dir) => `keep:${dir}`),
    ...setup.mask.map((file) => `mask:${file}`),
  ];
}
