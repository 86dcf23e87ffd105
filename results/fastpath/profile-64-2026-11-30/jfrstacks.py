#!/usr/bin/env python3
"""Aggregates jdk.ExecutionSample from `jfr print` text: samples per thread group, top self and inclusive frames
for threads whose name matches a regex. Usage: jfrstacks.py FILE.jfr [THREAD_REGEX] [TOP]"""
import re, subprocess, sys, collections
f = sys.argv[1]
rx = re.compile(sys.argv[2]) if len(sys.argv) > 2 else None
top = int(sys.argv[3]) if len(sys.argv) > 3 else 40
out = subprocess.run(['jfr', 'print', '--events', 'jdk.ExecutionSample', '--stack-depth', '96', f],
                     capture_output=True, text=True).stdout
events = out.split('jdk.ExecutionSample {')[1:]
groups = collections.Counter()
selfc = collections.Counter(); incl = collections.Counter(); n = 0
for e in events:
    m = re.search(r'sampledThread = "([^"]*)"', e)
    name = m.group(1) if m else '?'
    g = re.sub(r'[-_.]?\d+$', '', re.sub(r'\d+', 'N', name))
    groups[g] += 1
    if rx and not rx.search(name):
        continue
    frames = re.findall(r'^\s+([\w$.<>/]+\([^)]*\))\s+line:', e, re.M)
    frames = [re.sub(r'\(.*\)', '', x) for x in frames]
    if not frames:
        continue
    n += 1
    selfc[frames[0]] += 1
    for x in set(frames):
        incl[x] += 1
print('samples by thread group:')
for g, c in groups.most_common(25):
    print(f'  {c:7d}  {g}')
if rx:
    print(f'\nthreads /{rx.pattern}/: {n} samples\n-- self --')
    for x, c in selfc.most_common(top):
        print(f'  {c:6d} {100*c/n:5.1f}%  {x}')
    print('-- inclusive --')
    for x, c in incl.most_common(top):
        print(f'  {c:6d} {100*c/n:5.1f}%  {x}')
