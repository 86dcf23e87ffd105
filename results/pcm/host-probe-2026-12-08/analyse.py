import json, re, statistics, sys
con = [l.rstrip('\n').split(' ', 1) for l in open('console.txt') if re.match(r'^\d+\.\d+ ', l)]
probe = [tuple(map(int, l.split()[:3])) for l in open('probe.txt')]
windows = []  # (class, variant, start, end)
cur = None; start = None
for t, line in con:
    t = float(t)
    m = re.match(r'\s+(\S+), (.+?): (not quiet|quiet|warm|the servers|warm-up runs)', line)
    if m: cur = (m.group(1), m.group(2))
    if re.match(r'\s+warm-up: [\d,]+ operations in', line) and cur:
        start = t
    elif 'RegionServer JVM' in line and start is not None:
        windows.append((cur[0], cur[1], start, t)); start = None
d = json.load(open('pcm.json'))
tput = {(r['workload_class'], r['variant']): [x['throughput_ops_s'] for x in r['ycsb']['per_run']] for r in d['results']}
seen = {}
rows = []
for c, v, s, e in windows:
    i = seen.get((c, v), 0); seen[(c, v)] = i + 1
    ps = [p for p in probe if s * 1000 <= p[0] <= e * 1000]
    mem = statistics.median(p[1] for p in ps); ar = statistics.median(p[2] for p in ps)
    rows.append((c, v, i, tput[(c, v)][i], mem, ar, len(ps)))
for r in rows: print('%-10s %-15s round %d  %9.0f ops/s  mem %7.0f us  arith %6.0f us  n=%d' % (r[0], r[1], r[2] + 1, r[3], r[4] / 1e3, r[5] / 1e3, r[6]))
by = {(r[0], r[1], r[2]): r for r in rows}
for c in sorted({r[0] for r in rows}):
    raw, nm, na = [], [], []
    for i in range(max(r[2] for r in rows) + 1):
        a = by.get((c, 'defaults again', i)); b = by.get((c, 'defaults', i))
        if not a or not b: continue
        raw.append(a[3] / b[3]); nm.append(a[3] * a[4] / (b[3] * b[4])); na.append(a[3] * a[5] / (b[3] * b[5]))
    f = lambda xs: ' '.join('%.3f' % x for x in xs)
    print(c, 'A/A raw', f(raw), '| x mem-probe', f(nm), '| x arith-probe', f(na))

# Per class: how throughput follows the servers' CPU an operation, the probes, and the bytes compacted in the run.
def corr(xs, ys):
    mx, my = statistics.mean(xs), statistics.mean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    return sxy / (sum((x - mx) ** 2 for x in xs) * sum((y - my) ** 2 for y in ys)) ** 0.5
cpu = {(r['workload_class'], r['variant']): [x['server_cpu_us_per_op'] for x in r['ycsb']['per_run']]
       for r in d['results']}
arith_all = [p[2] for p in probe[40:]]
mem_all = [p[1] for p in probe[40:]]
print('arith probe over the run: median %.0f us, %.0f-%.0f, sd %.1f%%' % (statistics.median(arith_all) / 1e3,
      min(arith_all) / 1e3, max(arith_all) / 1e3, 100 * statistics.stdev(arith_all) / statistics.mean(arith_all)))
print('memory probe over the run: median %.0f us, %.0f-%.0f, sd %.1f%%' % (statistics.median(mem_all) / 1e3,
      min(mem_all) / 1e3, max(mem_all) / 1e3, 100 * statistics.stdev(mem_all) / statistics.mean(mem_all)))
for c in sorted({r[0] for r in rows}):
    rs = [r for r in rows if r[0] == c]
    ops = [r[3] for r in rs]
    cp = [cpu[(r[0], r[1])][r[2]] for r in rs]
    print('%-10s ops/s %.0f-%.0f (%.2fx); correlation of ops/s with server CPU/op %.2f, memory probe %.2f,'
          ' arith probe %.2f' % (c, min(ops), max(ops), max(ops) / min(ops), corr(ops, cp), corr(ops, [r[4] for r in rs]),
                                 corr(ops, [r[5] for r in rs])))
