#!/usr/bin/env bash
# Makes sure the system packages FrameBudget builds on are present: installs the missing ones with apt-get when
# run as root, otherwise prints the exact command to run and fails.
set -euo pipefail
# valgrind (deterministic counts) and linux-perf (flame graphs) are exercised by the tests as well; libxml2-utils
# gives xmllint, with which the tests validate junit.xml against the Jenkins xUnit and Ant JUnit schemas; python3-pip
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
if externally_managed && [[ ! -x $venv/bin/python3 ]]; then packages+=(python3-venv); fi
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
    apt-get -o DPkg::Lock::Timeout=600 update -qq 9<&-
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 9<&-
  else
    echo "framebudget: missing system packages: ${missing[*]}" >&2
    echo "run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
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
