#!/usr/bin/env python3
"""Aggregates `perf script -G` samples: per process and thread group, share by DSO; top symbols per group.
Usage: perfagg.py perf.data [GROUP_REGEX] [TOP]"""
import re, subprocess, sys, collections
data = sys.argv[1]
grx = re.compile(sys.argv[2]) if len(sys.argv) > 2 else None
top = int(sys.argv[3]) if len(sys.argv) > 3 else 30
out = subprocess.run(['perf', 'script', '-i', data, '-F', 'comm,pid,tid,ip,sym,dso', '-G'], capture_output=True,
                     text=True).stdout
line_rx = re.compile(r'^\s*(.+?)\s+(\d+)/(\d+)\s+[0-9a-f]+\s+(.*?)\s+\((.*)\)\s*$')
total = 0
groups = collections.Counter(); dsos = collections.defaultdict(collections.Counter)
syms = collections.defaultdict(collections.Counter)
for line in out.splitlines():
    m = line_rx.match(line)
    if not m:
        continue
    comm, pid, tid, sym, dso = m.groups()
    total += 1
    g = pid + ' ' + re.sub(r'\d+', 'N', comm)
    dso = re.sub(r'.*/', '', dso)
    if dso.startswith('perf-'):
        dso = 'JIT'
    groups[g] += 1
    dsos[g][dso] += 1
    syms[g][(dso, sym[:110])] += 1
print(f'{total} samples')
for g, c in groups.most_common(12):
    print(f'{100*c/total:6.2f}%  {g}:  ' + ', '.join(f'{d} {100*n/total:.1f}%' for d, n in dsos[g].most_common(6)))
if grx:
    for g, c in groups.most_common():
        if grx.search(g):
            print(f'\n== {g} ({100*c/total:.1f}% of all)')
            for (d, s), n in syms[g].most_common(top):
                print(f'  {100*n/c:5.1f}%  {d:14s} {s}')
