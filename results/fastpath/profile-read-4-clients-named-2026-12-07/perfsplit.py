"""Splits a `perf record -a -g` of a fast-path read run: the servers' fast-path workers and YCSB's client threads,
each by what its samples were doing, in us a read.

Usage: perf script -i perf.data -F comm,tid,ip,sym > stacks.txt
       python3 perfsplit.py stacks.txt HOST_CPU_US_PER_READ
A sample counts as the first rule of its thread group that matches its stack. The us a read are the sample's share
of the host's samples times the client + server CPU a read the benchmark measured over the same run.
"""
import collections
import os
import sys

# The parser of perf script's output that perfwakes.py, beside wakes-2026-12-02, has.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'wakes-2026-12-02'))
from perfwakes import read_samples  # noqa: E402


def has(*names):
    return lambda frames: any(name in frame for frame in frames for name in names)


def syscall(*names):
    return lambda frames: bool(set(frames) & set(names))


WAKES = [
    ('wake-ups: sendto (waking the peer: a datagram on a Unix socket)', syscall('__libc_sendto', '__x64_sys_sendto')),
    ('wake-ups: poll (its own sleep)', syscall('__x64_sys_poll', '__poll', 'do_sys_poll')),
    ('wake-ups: recvfrom (draining the signal)', syscall('__x64_sys_recvfrom', '__libc_recvfrom')),
    ('wake-ups: IPIs, reschedule', syscall('asm_sysvec_reschedule_ipi', 'irqentry_exit_to_user_mode',
                                          'exit_to_user_mode_loop')),
]
UCX = ('UCX (native and Java binding)', lambda frames: any(
    frame.startswith(('ucp_', 'uct_', 'ucs_')) or 'openucx' in frame for frame in frames))
GROUPS = {
    'FastPath': ('the servers\' fast-path workers', WAKES + [
        ("HBase's Get (RSRpcServices.get)", has('RSRpcServices.get')),
        ('User.runAs (Subject.doAs: AccessController.getContext)', has('AccessController.getContext',
                                                                        'UserGroupInformation.doAs')),
        ('frame MAC (HMAC-SHA256)', has('FrameMac')),
        ('protobuf (the request parsed)', has('protobuf')),
        ('the reply\'s cell block', has('CellBlockBody', 'KeyValueUtil')),
        ('clock reads', has('clock_gettime')),
        UCX,
    ]),
    'ycsb-client': ('YCSB\'s client threads', WAKES + [
        ('frame MAC (HMAC-SHA256)', has('FrameMac')),
        ('region lookup (HRegionLocator, its tracing)', has('HRegionLocator', 'locateRegion')),
        ('protobuf (toGet, toResult, parse, serialize)', has('protobuf')),
        UCX,
        ('Turbo\'s client (FastPathTable, channel, worker)', lambda frames: any(
            'hbaseturbo.client' in frame for frame in frames[:4])),
    ]),
}

samples = read_samples(sys.argv[1])
us_a_sample = float(sys.argv[2]) / len(samples)
print(f'{len(samples)} samples, {us_a_sample * len(samples):.1f} us a read')
for prefix, (title, rules) in GROUPS.items():
    group = [s for s in samples if s['head'].startswith(prefix)]
    print(f'\n{title}: {100 * len(group) / len(samples):.1f}% of the host, {us_a_sample * len(group):.1f} us a read')
    counts = collections.Counter()
    for sample in group:
        counts[next((name for name, rule in rules if rule(sample['frames'])), 'the rest')] += 1
    for name in [name for name, _ in rules] + ['the rest']:
        print(f'  {100 * counts[name] / max(1, len(group)):5.1f}%  {us_a_sample * counts[name]:5.1f} us  {name}')
