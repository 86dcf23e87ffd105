"""Splits a `perf record -a -g` of a fast-path read run by thread group and by what each sample was doing.

Usage: perf script -i perf.data -F comm,tid,ip,sym > stacks.txt; python3 perfwakes.py stacks.txt
A sample counts as its first match, in this order: sendto (waking the peer: UCX's shared-memory signal is a datagram
on a Unix socket), poll (the thread's own sleep), recvfrom (draining the signal), IPI/reschedule, HBase's Get
(RSRpcServices.get on the stack), other.
"""
import collections
import re
import sys


def read_samples(path):
    """The samples of `perf script -F comm,tid,ip,sym` output: each its head line and its frames' names, leaf first."""
    samples, cur = [], None
    for line in open(path):
        if not line.strip():
            if cur:
                samples.append(cur)
            cur = None
            continue
        if not line.startswith('\t') and not line.startswith(' ' * 8):
            cur = {'head': line.strip(), 'frames': []}
        else:
            parts = line.strip().split(None, 1)
            if cur is not None and len(parts) > 1:
                cur['frames'].append(re.sub(r'\(.*', '', parts[1]).strip())
    if cur:
        samples.append(cur)
    return samples


def kind(sample):
    frames = set(sample['frames'])
    if frames & {'__libc_sendto', '__x64_sys_sendto'}:
        return 'sendto (waking the peer)'
    if frames & {'__x64_sys_poll', '__poll', 'do_sys_poll'}:
        return 'poll (its own sleep)'
    if frames & {'__x64_sys_recvfrom', '__libc_recvfrom'}:
        return 'recvfrom (draining the signal)'
    if frames & {'asm_sysvec_reschedule_ipi', 'irqentry_exit_to_user_mode', 'exit_to_user_mode_loop'}:
        return 'IPI / reschedule'
    if any('RSRpcServices.get' in frame for frame in sample['frames']):
        return "HBase's Get (RSRpcServices.get)"
    return 'other'


if __name__ == '__main__':
    samples = read_samples(sys.argv[1])
    total = len(samples)
    print(total, 'samples')
    for group in ['FastPath', 'ycsb-warmup', 'ycsb-client', 'C2 CompilerThre']:
        of = [s for s in samples if s['head'].startswith(group)]
        print(f'{group}: {len(of)} samples, {100 * len(of) / total:.1f}% of the host')
        for name, n in collections.Counter(kind(s) for s in of).most_common():
            print(f'   {100 * n / max(1, len(of)):5.1f}% of its samples  {name}')
