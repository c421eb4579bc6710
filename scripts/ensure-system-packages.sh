#!/usr/bin/env bash
# Makes sure the system packages FrameBudget builds on are present: installs the missing ones with apt-get when
# run as root, otherwise prints the exact command to run and fails.
set -euo pipefail
# valgrind (deterministic counts) and linux-perf (flame graphs) are exercised by the tests as well; libxml2-utils
# gives xmllint, with which the tests validate junit.xml against a schema of what its consumers require (and against
# the Jenkins xUnit and Ant JUnit schemas when FRAMEBUDGET_JUNIT_SCHEMAS names them); python3-pip
# installs the python modules below; chromium (headless) loads the history site in the tests, to check that its pages
# log no console error and that a screenshot shows the plot; postgresql is the throw-away server the shared-history
# tests record into (scripts/test-postgres.sh, started by `make test`).
# Two `make` commands started together on a fresh machine (`make bench` in one terminal, `make test` in another)
# would both install, and the second apt-get fails on apt's lock: each waits here for the other instead, then sees
# what the first installed. A lock file any user can open read-only (flock needs no write access, and opening a
# file another user created in a sticky /tmp for writing is refused by fs.protected_regular). Without flock
# (util-linux) nothing waits, as before.
lock=${TMPDIR:-/tmp}/framebudget-system-packages.lock
[[ -e "$lock" ]] || (umask 0; : > "$lock") 2>/dev/null || true
if command -v flock >/dev/null && { exec 9<"$lock"; } 2>/dev/null && ! flock -n 9; then
  echo "framebudget: waiting for another FrameBudget command installing system packages ($lock)" >&2
  flock 9
fi
packages=(libpapi-dev libopenblas-dev libssl-dev gnuplot-nox valgrind linux-perf libxml2-utils python3-pip chromium postgresql)
# A python3 that its distribution manages (PEP 668: Debian 12's own, whose pip refuses to install) gets the python
# modules below in a virtual environment of this checkout, .build-python (the Makefile puts its bin/ first on PATH;
# it sees the system's modules too), which needs python3-venv (ensurepip) on Debian.
root=$(cd "$(dirname "$0")/.." && pwd)
venv=$root/.build-python
externally_managed() {
  python3 -c 'import os, sys, sysconfig
sys.exit(0 if sys.prefix == sys.base_prefix and os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")) else 1)' 2>/dev/null
}
# No python3 at all yet: Debian's, which python3-pip brings, is externally managed, so its venv module is needed too.
if { ! command -v python3 >/dev/null 2>&1 || externally_managed; } && [[ ! -x $venv/bin/python3 ]]; then packages+=(python3-venv); fi
missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
# gnuplot may come from another package (gnuplot-qt, gnuplot-x11): the command is what matters.
if command -v gnuplot >/dev/null 2>&1; then
  missing=("${missing[@]/gnuplot-nox}")
fi
# perf may come from another package (linux-tools-*): the command is what matters.
if command -v perf >/dev/null 2>&1; then
  missing=("${missing[@]/linux-perf}")
fi
# chromium may come from another package or install (chromium-browser, a snap): the command is what matters.
if command -v chromium >/dev/null 2>&1; then
  missing=("${missing[@]/chromium}")
fi
# pip may come with the python3 on the PATH (pyenv, a virtual environment): the command is what matters.
if python3 -m pip --version >/dev/null 2>&1; then
  missing=("${missing[@]/python3-pip}")
fi
# venv's ensurepip may come with the python3 on the PATH as well.
if python3 -c 'import ensurepip' >/dev/null 2>&1; then
  missing=("${missing[@]/python3-venv}")
fi
read -r -a missing <<< "${missing[*]:-}"
if [[ ${#missing[@]} -gt 0 ]]; then
  if [[ $(id -u) -eq 0 ]]; then
    echo "framebudget: installing missing system packages: ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    # Another apt (unattended-upgrades on a fresh VM) may hold dpkg's lock: wait for it rather than fail. The
    # installers do not inherit the lock's descriptor: a daemon a package's postinst starts would hold it for good.
    # DPkg::Lock::Timeout covers dpkg's lock, not the lists' lock `update` takes (apt-daily's own update on a fresh
    # VM holds it): that one is retried for as long.
    for attempt in $(seq 1 60); do
      if apt-get -o DPkg::Lock::Timeout=600 update -qq 9<&-; then break; fi
      (( attempt < 60 )) || { echo "framebudget: apt-get update kept failing for 10 minutes" >&2; exit 1; }
      echo "framebudget: apt-get update failed (another apt holding its lock?): again in 10 s" >&2
      sleep 10
    done
    postgresql_was_missing=$([[ " ${missing[*]} " == *" postgresql "* ]] && echo yes || true)
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 9<&-
    # Debian's postgresql starts a cluster of its own, and at every boot: the tests start a throw-away server of
    # their own (scripts/test-postgres.sh), so a benchmark machine keeps no database daemon it never asked for.
    if [[ -n $postgresql_was_missing ]]; then
      systemctl disable --now postgresql >/dev/null 2>&1 || true
      for cluster in /etc/postgresql/*/*; do  # without systemd too: each cluster stopped, started by hand only
        [[ -f $cluster/start.conf ]] || continue
        echo manual > "$cluster/start.conf"
        pg_ctlcluster "$(basename "$(dirname "$cluster")")" "$(basename "$cluster")" stop >/dev/null 2>&1 || true
      done
      echo "framebudget: installed postgresql for the tests; its own cluster is stopped and not started at boot" >&2
    fi
  else
    echo "framebudget: missing system packages: ${missing[*]}" >&2
    echo "run: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
fi
# After the system packages, which bring pip. The schema test validates real output with python's jsonschema, the
# Markdown reports are rendered with cmarkgfm (GitHub's own cmark-gfm) to check that no string from a results file
# becomes HTML, the command-line tests write their .npy inputs and read the outputs with numpy, as a user would
# (pip, not Debian: any recent version works), and time OpenCV as `make peers` does (opencv-python-headless: cv2).
# Apache Otava is the second opinion on change points: the tests run its `otava` command on `history export`'s CSV
# and compare what it finds with the built-in detection.
python=python3
if externally_managed; then
  if [[ ! -x $venv/bin/python3 ]]; then
    echo "framebudget: $(command -v python3) is managed by the system (PEP 668): python modules go to $venv" >&2
    python3 -m venv --system-site-packages "$venv" 9<&- \
      || { echo "framebudget: cannot make $venv (run: sudo apt-get install -y python3-venv)" >&2; exit 1; }
  fi
  python=$venv/bin/python3
fi
pip_install() {  # package (the pip name)
  echo "framebudget: installing python package $1" >&2
  "$python" -m pip install --quiet "$1" 9<&- || { echo "run: $python -m pip install $1" >&2; exit 1; }
}
for pair in jsonschema:jsonschema cmarkgfm:cmarkgfm numpy:numpy cv2:opencv-python-headless; do
  "$python" -c "import ${pair%%:*}" >/dev/null 2>&1 || pip_install "${pair#*:}"
done
# Its pip package is not named as its module: the command is what matters.
if ! command -v otava >/dev/null 2>&1 && [[ ! -x ${python%/python3}/otava ]]; then pip_install apache-otava; fi
