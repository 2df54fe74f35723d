#!/usr/bin/env bash
# Installs what the test suite needs beyond npm packages, from Debian's packages:
# - Chromium and its old headless shell for the Playwright end-to-end tests (Playwright cannot download
#   its own browsers here; the headless shell is what the suite runs in, the full browser is for headed runs);
# - openssh-server (sshd) and the OpenSSH client, for the ssh runner's tests against a loopback server;
# - slurm-wlm (slurmctld, slurmd, sbatch, ...) and munge, for the slurm runner's tests on a one-node cluster;
# - python3 with `python` on PATH (a rerun's default command is `python <path>`) and ps (procps), which the
#   ssh backend's remote stop script uses to tell live processes from zombies.
# The runner tests start and stop these servers themselves with temporary configs; this script only
# installs them, and stops any daemon the packages' post-install starts, so nothing keeps running.
# Idempotent: skips what is already installed. Needs root (or sudo) for apt-get.
set -euo pipefail

need=()
[ -x /usr/lib/chromium/chromium ] || need+=(chromium)
[ -x /usr/lib/chromium/chromium-headless-shell ] || need+=(chromium-headless-shell)
[ -x /usr/bin/ssh ] && [ -x /usr/bin/scp ] || need+=(openssh-client)
[ -x /usr/sbin/sshd ] || need+=(openssh-server)
[ -x /usr/sbin/munged ] || need+=(munge)
{ [ -x /usr/sbin/slurmctld ] && [ -x /usr/sbin/slurmd ] && command -v sbatch >/dev/null; } || need+=(slurm-wlm)
command -v python3 >/dev/null || need+=(python3)
command -v python >/dev/null || need+=(python-is-python3)
command -v ps >/dev/null || need+=(procps)

if [ ${#need[@]} -eq 0 ]; then
  echo "install-test-deps: everything is already installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-test-deps: installing ${need[*]}"
$SUDO apt-get update -qq
# policy-rc.d 101: packages must not start their daemons (sshd, munged, slurmctld) on install.
policy=/usr/sbin/policy-rc.d
made_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
  $SUDO chmod +x "$policy"
  made_policy=1
fi
cleanup() { if [ "$made_policy" = 1 ]; then $SUDO rm -f "$policy"; fi; }
trap cleanup EXIT
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
