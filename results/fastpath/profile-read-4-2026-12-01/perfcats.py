import re, subprocess, sys, collections
data=sys.argv[1]
out=subprocess.run(['perf','script','-i',data,'-F','comm,pid,tid,ip,sym,dso','-G'],capture_output=True,text=True).stdout
rx=re.compile(r'^\s*(.+?)\s+(\d+)/(\d+)\s+[0-9a-f]+\s+(.*?)\s+\((.*)\)\s*$')
tot=0; c=collections.defaultdict(collections.Counter)
for l in out.splitlines():
    m=rx.match(l)
    if not m: continue
    comm,pid,tid,sym,dso=m.groups(); tot+=1
    g=re.sub(r'\d+','N',comm)
    if 'FastPath' in g: g='server FastPath workers'
    elif 'ycsb-client' in g: g='ycsb client threads'
    elif 'RpcServer' in g or 'handler' in g.lower(): g='server RPC handlers'
    else: g='other'
    d=dso.split('/')[-1]
    if 'kernel' in d: k='kernel'
    elif 'vdso' in d: k='clock (vdso)'
    elif d.startswith('libuc'): k='UCX native'
    elif 'libjvm' in d: k='JVM runtime'
    elif 'hbaseturbo' in sym: k='Turbo java'
    elif 'openucx' in sym: k='UCX java binding'
    elif 'hadoop.hbase' in sym or 'apache.hbase' in sym: k='HBase java'
    elif d.startswith('perf-') or 'JIT' in d or d=='[unknown]': k='other java/JIT stubs'
    else: k=d
    c[g][k]+=1
print(tot,'samples')
for g,cc in sorted(c.items(), key=lambda x:-sum(x[1].values())):
    s=sum(cc.values()); print(f'{100*s/tot:5.1f}% {g}: '+', '.join(f'{k} {100*n/tot:.1f}' for k,n in cc.most_common(9)))
