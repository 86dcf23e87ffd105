import json, statistics as st, sys
d = json.load(open(sys.argv[1]))
print('| class | rounds | A/A median (sd a round) | noise to beat | chosen | best surviving candidate: median, rounds | the paper\'s values together: median, rounds |')
print('| --- | --- | --- | --- | --- | --- | --- |')
for c in d['classes']:
    arms = c['arms']; aa = arms['defaults A/A']
    cands = {k: v for k, v in arms.items() if k not in ('defaults', 'defaults A/A')}
    best = max(cands.items(), key=lambda kv: (len(kv[1]['ratios']), kv[1]['median']))
    paper = cands.get('paper')
    sd = st.stdev(aa['ratios']) if len(aa['ratios']) > 1 else float('nan')
    print('| %s | %d | %.3f (%.1f%%) | %.1f%% | %s | %s: %.3f, %d | %s |' % (
        c['workload_class'], c['rounds'], aa['median'], sd * 100, max(c['noise'], 0.01) * 100, c['chosen'],
        best[0], best[1]['median'], len(best[1]['ratios']),
        '%.3f, %d' % (paper['median'], len(paper['ratios'])) if paper else 'n/a'))
print()
for c in d['classes']:
    paper = c['arms'].get('paper')
    print(c['workload_class'], 'paper values:', paper['values'] if paper else None, 'chosen values:', c['values'])
print('failed:', d['failed_classes'])
