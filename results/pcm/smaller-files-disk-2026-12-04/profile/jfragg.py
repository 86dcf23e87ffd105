import subprocess, sys, re, collections
def events(path):
    out = subprocess.run(['jfr','print','--events','jdk.ExecutionSample','--stack-depth','64',path],capture_output=True,text=True).stdout
    for block in out.split('jdk.ExecutionSample')[1:]:
        frames = re.findall(r'^\s+([\w.$<>]+)\(', block, re.M)
        th = re.search(r'sampledThread = "([^"]*)"', block)
        yield (th.group(1) if th else ''), frames
KEYS = {'GZ inflate': ('Inflater', 'GzipCodec', 'ReusableStreamGzip', 'DecompressorStream', 'BlockDecompressorStream'),
        'encoded seek/decode (FAST_DIFF)': ('FastDiffDeltaEncoder', 'BufferedDataBlockEncoder', 'RowIndexSeeker', 'EncodedScanner', 'DiffKeyDeltaEncoder'),
        'block unpack': ('HFileBlock.unpack',),
        'HFile read (readBlock)': ('HFileReaderImpl.readBlock',),
        'HBase Get (RSRpcServices.get)': ('RSRpcServices.get',)}
for path in sys.argv[1:]:
    n = 0; top = collections.Counter(); incl = collections.Counter(); handler = 0
    for th, frames in events(path):
        n += 1
        if frames: top[frames[0]] += 1
        for k, pats in KEYS.items():
            if any(any(p in f for p in pats) for f in frames): incl[k] += 1
    print(f'== {path}: {n} samples')
    for k in KEYS: print(f'   {k}: {incl[k]} ({100*incl[k]/max(n,1):.1f}%)')
    for f, c in top.most_common(8): print(f'   top {c:5d} {f}')
