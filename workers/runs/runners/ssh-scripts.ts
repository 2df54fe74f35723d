/**
 * The remote side of the ssh backend: fixed POSIX sh scripts, each run as
 * `sh -c SCRIPT rwb ARG...`. User values (paths, the command, the cap, environment) only ever
 * arrive as positional arguments, shell-quoted word by word, so no value can change what a
 * script does. The program runs under `setsid` (its own process group, whose id goes to
 * `.rwb/pgid` for cancel) and GNU `timeout` (the time cap, SIGTERM then SIGKILL).
 */
import { environmentScript } from './attempt-environment-probe';
import { killGraceS } from './runner';
import { shJoin } from './shell-quote';

/**
 * The allowlist on the remote side (docs/architecture.md): puts `NAME=VALUE` of each variable of the
 * login environment named in $keep (or starting `LC_`) before the attempt's own `NAME=VALUE`
 * words in "$@", for `env -i "$@"`; the attempt's words come last, so they win. Names are
 * checked words (the contract's pattern, or the sed pattern here), so `eval` only ever sees a
 * name.
 */
const keepEnv = `for n in $keep $(env | sed -n 's/^\\(LC_[A-Za-z0-9_]*\\)=.*/\\1/p'); do
  eval "isset=\\\${$n+x}"
  [ -n "$isset" ] || continue
  eval "v=\\\${$n}"
  set -- "$n=$v" "$@"
done`;

/**
 * Run: $1 attempt folder, $2 base64 tar.gz of the case files (or empty: already copied),
 * $3 data folder beside it (or empty), $4 time cap, $5 command, $6 the allowed names
 * (space separated), then the attempt's NAME=VALUE environment. The program's environment is
 * exactly the allowed names of the login environment plus those; their names go to
 * `.rwb/env-names`. Data entries are linked as `./NAME` after `--`, so no name is an option.
 * The program is a background job of this non-interactive shell, so `setsid` needs no fork:
 * its pid is the new process group's id (and its stdin is /dev/null). Writes `.rwb/exit` as
 * "CODE START END" (epoch seconds) when the program ends. Few processes stand between the
 * session and the program's first byte: this script is on the dispatch latency's path.
 * `bash --norc`: bash started under sshd would read ~/.bashrc again (the login shell already
 * did, and exported its PATH), which costs a conda or pyenv setup per attempt.
 */
const runScript = `set -e
d=$1; payload=$2; data=$3; cap=$4; cmd=$5; keep=$6; shift 6
mkdir -p "$d/.rwb"
cd "$d"
if [ -n "$payload" ]; then printf '%s' "$payload" | base64 -d | tar -xzf -; fi
if [ -n "$data" ] && [ -d "../$data" ]; then
  for f in "../$data"/* "../$data"/.[!.]*; do
    [ -e "$f" ] || continue
    n=\${f##*/}
    [ -e "./$n" ] || [ -L "./$n" ] || ln -s -- "$f" "./$n"
  done
fi
set +e
${keepEnv}
for a in "$@"; do printf '%s\\n' "\${a%%=*}"; done > .rwb/env-names
date +%s.%N > .rwb/start 2>/dev/null &
clock=$!
setsid timeout --signal=TERM --kill-after=${killGraceS} "$cap" env -i "$@" bash --norc -c "$cmd" &
pg=$!
echo "$pg" > .rwb/pgid
wait "$pg"
code=$?
wait "$clock"
echo "$code $(cat .rwb/start 2>/dev/null) $(date +%s.%N 2>/dev/null)" > .rwb/exit
kill -KILL "-$pg" 2>/dev/null
exit "$code"`;

/**
 * Stop: $1 attempt folder, $2 grace seconds. Waits briefly for the program's process group
 * to exist, sends it SIGTERM, then SIGKILL after the grace (zombies nobody has reaped yet do
 * not count as alive). Prints "stopped" or "gone".
 */
const stopScript = `cd "$1" 2>/dev/null || { echo gone; exit 0; }
alive() {
  if command -v ps >/dev/null 2>&1; then
    ps -eo pgid=,stat= 2>/dev/null | awk -v g="$1" '$1 == g && $2 !~ /^Z/ { n++ } END { exit n == 0 }'
  else
    kill -0 "-$1" 2>/dev/null
  fi
}
i=0
while [ ! -s .rwb/pgid ] && [ ! -f .rwb/exit ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
pg=$(cat .rwb/pgid 2>/dev/null)
if [ -z "$pg" ] || ! alive "$pg"; then echo gone; exit 0; fi
kill -TERM "-$pg" 2>/dev/null
i=0
while alive "$pg" && [ $i -lt $(($2 * 10)) ]; do sleep 0.1; i=$((i+1)); done
kill -KILL "-$pg" 2>/dev/null
echo stopped`;

/**
 * Collect: $1 attempt folder, $2 grader command (or empty), $3 grader cap, $4 largest file in
 * KiB, $5 the allowed names, $6 the environment probe script, $7 and $8 its arguments, then the
 * attempt's NAME=VALUE environment (built as for the run). Runs the grader (stdout to
 * `.rwb/grader.out`) and the environment probe (`.rwb/environment/`) when the program
 * finished, then prints a marker line and a tar.gz of the folder's regular files (data links
 * are not files, so data never comes back).
 */
const collectScript = `cd "$1" || exit 97
grader=$2; cap=$3; maxk=$4; keep=$5; probe=$6; probe1=$7; probe2=$8; shift 8
${keepEnv}
if [ -n "$grader" ] && [ -f .rwb/exit ]; then
  env -i "$@" timeout --signal=TERM --kill-after=${killGraceS} "$cap" bash --norc -c "$grader" > .rwb/grader.out 2>/dev/null < /dev/null
  echo $? > .rwb/grader.exit
fi
if [ -f .rwb/exit ]; then env -i "$@" sh -c "$probe" rwb "$probe1" "$probe2" < /dev/null; fi
printf 'RWB-TAR-BEGIN\\n'
find . -type f -size -"$maxk"k -print0 | tar --null -T - -czf -`;

/** Receive: $1 folder to create; stdin is a tar stream. */
const receiveScript = `mkdir -p "$1" && tar -xf - -C "$1"`;

function remote(script: string, args: readonly string[]): string {
  return shJoin(['sh', '-c', script, 'rwb', ...args]);
}

export function remoteRun(
  dir: string,
  payload: string,
  data: string,
  timeoutS: number,
  command: string,
  keep: readonly string[],
  env: Record<string, string>,
): string {
  return remote(runScript, [dir, payload, data, String(timeoutS), command, keep.join(' '), ...Object.entries(env).map(([k, v]) => `${k}=${v}`)]);
}

export function remoteStop(dir: string, graceS: number): string {
  return remote(stopScript, [dir, String(graceS)]);
}

export function remoteCollect(
  dir: string,
  grader: string,
  graderCapS: number,
  maxFileKiB: number,
  keep: readonly string[],
  env: Record<string, string>,
  probeArgs: readonly [string, string],
): string {
  return remote(collectScript, [
    dir,
    grader,
    String(graderCapS),
    String(maxFileKiB),
    keep.join(' '),
    environmentScript,
    ...probeArgs,
    ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
  ]);
}

export function remoteReceive(dir: string): string {
  return remote(receiveScript, [dir]);
}

/** The marker line the collect script prints before its tar stream (anything a login script printed comes before it). */
export const tarMarker = Buffer.from('RWB-TAR-BEGIN\n');
