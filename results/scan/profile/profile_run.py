"""Runs jfr_categories.py on run 2 of each variant of a profiled 'bench scan --schema ycsb --clients 16'.

Usage: python3 profile_run.py JFR_DIR BENCH_OUT_DIR
JFR_DIR holds one recording per JVM (JDK_JAVA_OPTIONS' -XX:StartFlightRecording=filename=JFR_DIR/); the largest is
the cluster's (the embedded cluster runs in the turbo JVM). BENCH_OUT_DIR is the benchmark's --out.
"""
import datetime
import glob
import json
import os
import re
import subprocess
import sys

jfr_dir, out_dir = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(os.path.join(jfr_dir, '*.jfr')))
def ts(f):
    m = re.search(r'(\d{4}_\d\d_\d\d_\d\d_\d\d_\d\d)', f)
    return datetime.datetime.strptime(m.group(1), '%Y_%m_%d_%H_%M_%S').replace(tzinfo=datetime.timezone.utc).timestamp()*1000
server = max(files, key=os.path.getsize)
script = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'jfr_categories.py')
for variant in ['native', 'prepared', 'prepared_fastpath']:
    d = json.load(open(os.path.join(out_dir, 'ycsb', f'{variant}-16', 'run-2', 'run-result.json')))
    start, end = d['startEpochMs'], d['startEpochMs'] + d['runtimeMs']
    ops = d['operations']
    # JFR names a dump by the time it is written: when the client JVM ends, after its run.
    client = min((f for f in files if f != server and ts(f) >= end - 1000), key=ts)
    ccpu = d['clientCpuNanos'] / ops / 1000
    scpu = d['server']['cpuNanos'] / ops / 1000
    print(f'## {variant.replace("_", "+")}')
    for kind, rec, cpu in [('client', client, ccpu), ('server', server, scpu)]:
        out = subprocess.run(['python3', script, kind, rec, str(start), str(end), str(cpu)], capture_output=True, text=True)
        print(out.stdout + out.stderr, end='')
