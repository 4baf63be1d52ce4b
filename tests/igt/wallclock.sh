# SPDX-License-Identifier: MIT
# shellcheck shell=bash disable=SC2034
#
# wallclock.sh: bounds against hangs on the host's clock, for run-tests
# and the shell tests (sourced, bash).
#
# A guest on QEMU's instruction counter (vm-run --icount, -icount
# sleep=off) runs its clock by the instructions it executes, and whenever
# all its CPUs are idle the clock jumps to its next timer. While the guest
# waits for the host (its root file system is the host's, read over 9p)
# its clock runs far ahead of the host's: a boot ends at 250-300 s of
# uptime after 20 s, and a batch of subtests that took a minute was
# killed at 600 s of its clock. A bound meant to catch a hang must not
# count that, so it is taken on the RTC: QEMU's RTC follows the host's
# clock (-rtc clock=host, its default) whatever the guest's clock does.
# On real hardware and on guests of the host's clock the two agree. The
# RTC counts whole seconds; a guest without one uses its own clock.

# Set variable $1 to the seconds of the host's clock (the RTC's).
wall_read() {
	local _wall_t
	if ! read -r _wall_t 2>/dev/null </sys/class/rtc/rtc0/since_epoch; then
		_wall_t=$EPOCHSECONDS
	fi
	printf -v "$1" '%s' "$_wall_t"
}

# A descriptor the watchdogs sleep on, opened once per shell: a FIFO
# opened read-write and unlinked, which nothing ever writes, so reading
# it with -t sleeps without starting a process (under the debug kernel a
# process costs a quarter of a second, and run-tests runs a bound per
# batch).
_WALL_FD=
# wall_bounded's verdict (below), for its callers.
WALL_FIRED=

_wall_fd() {
	local f
	[ -n "$_WALL_FD" ] && return 0
	f=$(mktemp -u "${TMPDIR:-/tmp}/wall_bounded.XXXXXX") && mkfifo "$f" ||
		return 1
	exec {_WALL_FD}<>"$f"
	rm -f "$f"
}

# The watchdog of wall_bounded: $1 the group's pid, $2 the bound, $3 the
# grace period. Exits 124 once it sent SIGTERM and the group ended, 137
# once it had to send SIGKILL; SIGUSR1 (the command ended first) ends it
# with 0 until it acts.
_wall_watch() {
	local pid=$1 secs=$2 grace=$3 start now
	trap 'exit 0' USR1
	wall_read start
	while kill -0 "$pid" 2>/dev/null; do
		wall_read now
		if [ $((now - start)) -ge "$secs" ]; then
			trap '' USR1
			kill -TERM -- "-$pid" 2>/dev/null
			start=$now
			while kill -0 -- "-$pid" 2>/dev/null; do
				wall_read now
				if [ $((now - start)) -ge "$grace" ]; then
					kill -KILL -- "-$pid" 2>/dev/null
					exit 137
				fi
				read -r -t 1 -u "$_WALL_FD" _
			done
			exit 124
		fi
		read -r -t 1 -u "$_WALL_FD" _
	done
	exit 0
}

# wall_bounded SECS GRACE CMD [ARG...]: run CMD in a session of its own
# for at most SECS seconds of the host's clock, then SIGTERM its process
# group and SIGKILL it GRACE seconds later if any of it is left. The
# status is CMD's, or as timeout(1) -k gives it: 124 when the bound was
# reached, 137 when SIGKILL was needed. Signals go to the whole group, so
# a test's children (a recorder, a reader) go with it. WALL_FIRED is 1
# when the bound was reached, else empty (a command killed by SIGKILL of
# its own also ends with 137).
wall_bounded() {
	local secs=$1 grace=$2 pid wd rc how
	shift 2
	WALL_FIRED=
	_wall_fd || return 125
	setsid -w "$@" &
	pid=$!
	_wall_watch "$pid" "$secs" "$grace" &
	wd=$!
	# (no "Killed" notice from the shell in the caller's output)
	{ wait "$pid"; } 2>/dev/null
	rc=$?
	kill -USR1 "$wd" 2>/dev/null
	wait "$wd"
	how=$?
	case $how in
	124|137) ;;
	*) return "$rc" ;;
	esac
	WALL_FIRED=1
	[ "$how" = 137 ] || kill -KILL -- "-$pid" 2>/dev/null
	return "$how"
}
