"""Splits the CPU samples of a bench fastpath JVM (embedded cluster) by thread kind and by the HBase frames on their
stacks: the server floor's threads (server-floor-*: RSRpcServices.get called in-process on cached 1 KB records), the
RegionServers' RPC handlers (the native client's reads) and the fast path's workers. Input: `jfr print --json
--stack-depth 80 --events jdk.ExecutionSample REC.jfr > samples.json` (jfr print keeps 5 frames a stack unless told);
usage: python3 floor_samples.py samples.json"""
import collections
import json
import sys

KINDS = [("server-floor", "the server floor's in-process Gets"), ("RpcServer.", "the RPC handlers (native reads)"),
         ("FastPath-", "the fast path's workers (fast-path reads)")]
FRAMES = [
    ("RSRpcServices.get", "a Get"),
    ("HFileReaderImpl$HFileScannerImpl.blockSeek", "the walk through a block to the row (blockSeek)"),
    ("HFileReaderImpl$HFileScannerImpl.loadBlockAndSeekToKey", "loading a cached block and seeking in it"),
    ("HFileReaderImpl.getCachedBlock", "the block cache's lookup"),
    ("StoreScanner.next", "reading the row's cells (StoreScanner.next)"),
]

samples = json.load(open(sys.argv[1]))["recording"]["events"]
for prefix, kind in KINDS:
    events = [e for e in samples if (e["values"]["sampledThread"]["javaName"] or "").startswith(prefix)]
    counts = collections.Counter()
    for event in events:
        stack = {f["method"]["type"]["name"].split("/")[-1] + "." + f["method"]["name"]
                 for f in event["values"]["stackTrace"]["frames"]}
        for frame, _ in FRAMES:
            if frame in stack:
                counts[frame] += 1
    print(f"{kind}: {len(events)} samples (JFR, profile settings)")
    for frame, what in FRAMES:
        print(f"  {100.0 * counts[frame] / max(1, len(events)):5.1f}%  {what}: {frame} on the stack")
