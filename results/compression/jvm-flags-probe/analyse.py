# Summarises a probe directory: python3 analyse.py DIR (see README.md).
import sys,glob,statistics as st,math,re
out=sys.argv[1]
def load(f):
    d={}
    for l in open(f):
        f=l.rstrip().split('\t'); f=f[-5:]; o,raw,s,w,r=f; d[o]=(int(s),float(w),float(r))
    return d
sets=sorted(set(re.search(r'set(\d+)',f).group(1) for f in glob.glob(out+'/set*-round*.txt')))
cost=lambda t:t[0]/t[2]/t[1]**.25
for s in sets:
    flags=open(f'{out}/set{s}.flags').read().strip()
    runs=[load(f) for f in sorted(glob.glob(f'{out}/set{s}-round*.txt')) if open(f).read().strip()]
    if len(runs)<2: continue
    opts=list(runs[0])
    # read spread per option, normalised by JVM-wide geomean factor
    logr={o:[math.log(d[o][2]) for d in runs] for o in opts}
    jvmf=[st.mean(logr[o][j] for o in opts) for j in range(len(runs))]
    raw_sd=st.mean(st.stdev(logr[o]) for o in opts)
    rel_sd=st.mean(st.stdev([logr[o][j]-jvmf[j] for j in range(len(runs))]) for o in opts)
    logw={o:[math.log(d[o][1]) for d in runs] for o in opts}
    wf=[st.mean(logw[o][j] for o in opts) for j in range(len(runs))]
    relw=st.mean(st.stdev([logw[o][j]-wf[j] for j in range(len(runs))]) for o in opts)
    # cross-JVM scores of each JVM's balanced choice
    scores=[]
    for i,d in enumerate(runs):
        b=min(opts,key=lambda o:cost(d[o]))
        for k,e in enumerate(runs):
            if k!=i: scores.append(cost(e[b])/min(cost(e[o]) for o in opts))
    top=sorted(opts,key=lambda o:st.median(cost(d[o]) for d in runs))[:4]
    print(f"set{s} [{flags}] n={len(runs)} read sd raw {raw_sd*100:.1f}% rel {rel_sd*100:.1f}%  write rel {relw*100:.1f}%  jvm read factors {' '.join('%.2f'%math.exp(f-jvmf[0]) for f in jvmf)}  cross scores max {max(scores):.3f} >1.05: {sum(x>1.05 for x in scores)}/{len(scores)}")
    for o in top: print('   ',o,' '.join('%.0f'%d[o][2] for d in runs))
