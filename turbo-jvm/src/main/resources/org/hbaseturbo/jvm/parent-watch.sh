# Runs "$@" until it ends, and ends it when the process that started this script goes away, however that happens:
# that process holds our standard input open for as long as it lives, so the end of that input means it is gone (or
# wants "$@" to end). "$@" then gets SIGTERM, and SIGKILL 30 s later if it is still running. The script exits with
# the status of "$@", and only once everything it started has ended: nothing of it outlives its parent's wait for it.
#
# Run by bash, not sh: the script's TERM reaches its watch at any moment, and bash runs the watch's trap at once, before
# the next command or during a 'wait'. dash (Debian's sh) may run it only once a 'wait' the signal arrived at the
# start of is over, which left the script waiting out the watch's 30 s sleep for a command already ended: seen one
# start in about 30, when the command ended in its first milliseconds (TestWatchedProcess repeats just that).
#
# Every 'wait' has its stderr sent to /dev/null: the shell reports there a job that a signal ended, and that stderr
# may be a pipe whose reader is gone, whose SIGPIPE would end this script before it ended its watch.
#
# Processes that end at once, as when their parent dies, can be ordered: one started with PARENT_WATCH_HOLDS=FILE
# holds FILE's lock (shared) for as long as this script runs, which is until "$@" has ended; one started with
# PARENT_WATCH_OUTLIVES=FILE gets its SIGTERM only once no script holds that lock, or 35 s later (a holder's 30 s
# before its SIGKILL, and 5 more). HDFS's daemons outlive HBase's servers this way: a RegionServer closing its regions
# flushes them to HDFS, as operators stop HBase before HDFS. Without flock (util-linux), nothing waits.

# Only the end of our input ends "$@": a Ctrl-C or hang-up meant for the parent's terminal must not end this script
# and leave its watch behind (the parent stops "$@" itself). "$@" inherits them ignored.
trap '' HUP INT QUIT
holds="${PARENT_WATCH_HOLDS:-}"
outlives="${PARENT_WATCH_OUTLIVES:-}"
unset PARENT_WATCH_HOLDS PARENT_WATCH_OUTLIVES
if [ -n "$holds" ]; then
  exec 4>>"$holds"
  flock -s 4
fi
exec 3<&0
"$@" </dev/null 3<&- 4>&- &
child=$!
(
  # Each step runs in the background and is waited for, because a signal interrupts 'wait' at once but waits for a
  # command in the foreground: the script's TERM (once "$@" ended) then ends the step with the watch. The step is $!,
  # which names it from the moment it starts, wherever the trap finds the watch.
  trap 'kill "$!" 2>/dev/null && wait "$!" 2>/dev/null; exit 0' TERM
  # The lock stays the script's alone: a step of the watch left behind must not hold it.
  exec 4>&-
  cat <&3 >/dev/null &
  wait "$!" 2>/dev/null
  if [ -n "$outlives" ]; then
    flock -x -w 35 "$outlives" true &
    wait "$!" 2>/dev/null
  fi
  kill -TERM "$child" 2>/dev/null
  # HBase's shutdown hook closes the regions; a server that cannot reach its master is not left waiting for it.
  sleep 30 &
  wait "$!" 2>/dev/null
  kill -KILL "$child" 2>/dev/null
) &
watch=$!
exec 3<&-
wait "$child" 2>/dev/null
status=$?
kill "$watch" 2>/dev/null
wait "$watch" 2>/dev/null
exit "$status"
