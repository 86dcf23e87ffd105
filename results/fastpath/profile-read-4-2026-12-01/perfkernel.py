#!/usr/bin/env python3
"""Kernel samples of the threads matching a regex, by what brought them into the kernel: the system call
(__x64_sys_*), an interrupt (asm_sysvec_*, asm_common_interrupt) or an exit to user mode after one.
Usage: perfkernel.py perf.data COMM_REGEX"""
import re, subprocess, sys, collections
data, crx = sys.argv[1], re.compile(sys.argv[2])
out = subprocess.run(['perf', 'script', '-i', data, '-F', 'comm,tid,ip,sym,dso'], capture_output=True,
                     text=True).stdout
total = 0; kernel = 0; by = collections.Counter()
for block in out.split('\n\n'):
    lines = [l for l in block.strip().splitlines() if l.strip()]
    if not lines or not crx.search(lines[0]):
        continue
    total += 1
    frames = lines[1:]
    if not frames or '[kernel.kallsyms]' not in frames[0]:
        continue
    kernel += 1
    cause = 'other'
    for f in frames:
        m = re.search(r'\s(__x64_sys_\w+|asm_sysvec_\w+|asm_common_interrupt|irqentry_exit_to_user_mode)', f)
        if m:
            cause = m.group(1)
            if not cause.startswith('irqentry'):
                break
    by[cause] += 1
print(f'{total} samples of /{crx.pattern}/, {kernel} in the kernel ({100*kernel/max(1,total):.1f}%)')
for c, n in by.most_common(15):
    print(f'  {100*n/max(1,total):5.1f}% of the threads\' samples  {c}')
