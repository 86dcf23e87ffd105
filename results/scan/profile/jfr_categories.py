"""Splits a JFR recording's execution samples over one run's window into cost categories.

Usage: python3 jfr_categories.py client|server RECORDING.jfr START_MS END_MS CPU_US_PER_SCAN
START_MS/END_MS: startEpochMs and startEpochMs + runtimeMs of the run's run-result.json; CPU_US_PER_SCAN: the run's
own client or server CPU per scan, which each category's share of the samples divides. A sample counts for the
first category whose pattern one of its frames matches. Needs the JDK's `jfr` on the PATH.
"""
import collections
import datetime
import json
import re
import subprocess
import sys

CLIENT = [
    ('YCSB binding: Result to field map (copyCells)', r'NativeHBaseClient\.copyCells'),
    ('decode reply into Results', r'PreparedRowsDecoder\.decode|KeyValueCodec\$KeyValueDecoder|'
     r'ResponseConverter\.getResults|BaseDecoder\.advance'),
    ('coprocessor reply unwrap (protobuf parse + copy)', r'CoprocessorRpcUtils\.getResponse|'
     r'PreparedScanProtos\$ExecuteResponse'),
    ('build request', r'RequestConverter\.buildScanRequest|ProtobufUtil\.toScan|PreparedResultScanner\.request|'
     r'CoprocessorRpcUtils\.getCoprocessorServiceRequest|HTable\.getScanner|Scan\.<init>|'
     r'PreparedScanProtos\$ExecuteRequest'),
    ('region location lookup', r'getRegionLocation|locateRegion|ExecuteRoute\.route'),
    ('scanner set-up and thread hand-off', r'ClientScanner\.<init>|ScannerCallableWithReplicas|'
     r'ResultBoundedCompletionService|ClientSimpleScanner'),
    ('fast path channel (UCX send, poll, park)', r'ClientWorker|FastPathChannel|openucx'),
    ('RPC client (netty, headers, call)', r'NettyRpc|AbstractRpcClient|RpcConnection|NioEventLoop|'
     r'SyncCoprocessorRpcChannel|callExecService'),
    ('YCSB workload and measurement', r'site/ycsb'),
]
SERVER = [
    ('open region scanner (incl. store seeks)', r'HRegion\.getScanner|RSRpcServices\.newRegionScanner|'
     r'PreparedScanExecutor\.open'),
    ('read rows (region scanner next)', r'RegionScannerImpl\.nextRaw|RegionScannerImpl\.next$'),
    ('encode rows (cellblock / prepared block)', r'CellBlockBuilder|PreparedRowsEncoder'),
    ('reply (protobuf, coprocessor wrap, write)', r'ServerCall\.setResponse|CoprocessorRpcUtils\.getResponse|'
     r'NettyRpcServerResponseEncoder|FastPathWorker\.reply|PreparedScanProtos\$ExecuteResponse'),
    ('close scanner / cursor, leases', r'RSRpcServices\.closeScanner|Cursor\.close|addScanner|LeaseManager'),
    ('request decode and dispatch', r'NettyRpcServerRequestDecoder|ServerRpcConnection\.processRequest|'
     r'EpollEventLoop|NioEventLoop|FastPathFrames|PreparedScanProtos\$ExecuteRequest'),
    ('other handler work (quotas, checks, metrics, runAs)', r'CallRunner\.run|FastPathRequests'),
    ('fast path worker (UCX receive, poll, park)', r'FastPathWorker|openucx'),
]


def epoch_ms(text):
    return int(datetime.datetime.fromisoformat(text.replace('Z', '+00:00')).timestamp() * 1000)


def main(kind, recording, start, end, cpu):
    categories = CLIENT if kind == 'client' else SERVER
    printed = subprocess.run(['jfr', 'print', '--json', '--stack-depth', '300', '--events', 'jdk.ExecutionSample',
                              recording], capture_output=True, text=True, check=True).stdout
    counts = collections.Counter()
    samples = 0
    for event in json.loads(printed)['recording']['events']:
        values = event['values']
        if not start <= epoch_ms(values['startTime']) <= end:
            continue
        thread = (values.get('sampledThread') or {}).get('javaName') or ''
        if kind == 'server' and not re.search('handler|EventLoop|FastPath', thread):
            continue
        frames = values['stackTrace']['frames'] if values.get('stackTrace') else []
        names = [frame['method']['type']['name'] + '.' + frame['method']['name'] for frame in frames]
        samples += 1
        counts[next((label for label, pattern in categories
                      if any(re.search(pattern, name) for name in names)), 'other')] += 1
    print(f'{kind}: {samples} samples, {cpu:.0f} us CPU per scan')
    for label in [label for label, _ in categories] + ['other']:
        share = counts[label] / max(samples, 1)
        print(f'  {label:50s} {100 * share:5.1f}%  {cpu * share:6.1f} us/scan')


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]))
