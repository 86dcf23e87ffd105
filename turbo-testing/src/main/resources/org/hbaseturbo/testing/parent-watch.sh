# Runs "$@" (a RegionServer) until it ends, and ends it when the process that started this script goes away, however
# that happens: the launcher holds our stdin open for as long as it lives, so end of input means it is gone.
exec 3<&0
"$@" </dev/null 3<&- &
child=$!
(
  cat <&3 >/dev/null
  kill -TERM "$child" 2>/dev/null
  # HBase's shutdown hook closes the regions; a server that cannot reach its master is not left waiting for it.
  sleep 30
  kill -KILL "$child" 2>/dev/null
) &
watcher=$!
exec 3<&-
wait "$child"
status=$?
kill "$watcher" 2>/dev/null
exit "$status"
